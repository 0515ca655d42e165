// Debian's Chromium as every browser suite launches it (widget tests, end-to-end, screenshots, bench).
// Plain JavaScript, so that web-test-runner's `.mjs` config can import it as well as the TypeScript ones.
import process from 'node:process';

/** `CHROMIUM_PATH` names another binary. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** No sandbox as root, and no background traffic on a closed network (without these it stalls). */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
