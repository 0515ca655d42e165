/** Debian's Chromium as the bench's browser measurements launch it: the flags the e2e suite uses. */
import { chromium, type Browser } from '@playwright/test';
import { existsSync } from 'node:fs';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// No sandbox as root, and no background traffic on a closed network (without these it stalls).
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const chromiumInstalled = () => existsSync(CHROMIUM);

/** Headless Chromium; `extraArgs` add to the shared flags (a DevTools port for Lighthouse, say). */
export function launchChromium(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: [...CHROMIUM_ARGS, ...extraArgs] });
}
