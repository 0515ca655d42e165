/**
 * The style lint of `npm run lint`: stylelint (stylelint.config.mjs, the browser floor's features) over
 * every stylesheet that ships to a browser: the widget's Lit `css` templates, the demo's and the console's
 * CSS files, and the pay page's and the receipt's stylesheets, which the server keeps as strings.
 * `node --import tsx widget/build/lint-styles.ts` prints what it finds and fails on any.
 */
import { fileURLToPath } from 'node:url';
import stylelint from 'stylelint';
import { STYLESHEET } from '../../server/pay/stylesheet.ts';
import { RECEIPT_CSS } from '../../server/pay/receipts/assets.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Files of stylesheets, or of TypeScript holding `css` templates. */
export const STYLE_FILES = [
  'widget/**/*.ts',
  '!widget/build/**',
  '!widget/dist/**',
  '!**/vite.config.ts',
  'demo/**/*.css',
  '!demo/dist/**',
];

/** Stylesheets served from strings in the server's code, under a name for the report. */
export const SERVED_STYLES: Record<string, string> = {
  'server/pay/stylesheet.ts (the pay page)': STYLESHEET.rules,
  'server/pay/receipts/assets.ts (the receipt)': RECEIPT_CSS,
};

/** One line per finding: where, the rule and its message. */
export async function lintStyles(): Promise<string[]> {
  const findings: string[] = [];
  const collect = (name: string, result: stylelint.LintResult) => {
    for (const warning of result.warnings)
      findings.push(`${name}:${warning.line}:${warning.column} ${warning.rule}: ${warning.text}`);
    for (const flaw of [...(result.invalidOptionWarnings ?? []), ...(result.parseErrors ?? [])])
      findings.push(`${name}: ${flaw.text}`);
  };
  const files = await stylelint.lint({ files: STYLE_FILES, cwd: ROOT });
  for (const result of files.results) collect(result.source ?? '?', result);
  for (const [name, code] of Object.entries(SERVED_STYLES)) {
    // Named as a CSS file at the root, so the config's CSS rules apply and its TypeScript syntax does not.
    const served = await stylelint.lint({ code, codeFilename: `${ROOT}served.css`, cwd: ROOT });
    for (const result of served.results) collect(name, result);
  }
  return findings;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const findings = await lintStyles();
  for (const finding of findings) console.error(finding);
  if (findings.length > 0) process.exit(1);
}
