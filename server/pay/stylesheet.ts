/**
 * The pay page's one stylesheet, read once at start and served under a name holding its hash, so a
 * browser keeps it for a year and still gets a new one the moment it changes: on a 2G phone the second
 * page of a payment then costs only its HTML.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';

const css = readFileSync(new URL('./pay.css', import.meta.url), 'utf8');
const hash = createHash('sha256').update(css).digest('hex').slice(0, 12);

export const STYLESHEET = { css, file: `pay.${hash}.css`, path: `/pay/pay.${hash}.css` } as const;
