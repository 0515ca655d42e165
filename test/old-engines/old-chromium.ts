// The floor's own engines: Chromium 80 and 88 as chrome-aws-lambda ships them inside its npm package
// (brotli-compressed, nothing downloaded at install), unpacked once into a folder git ignores with the
// package's own `lambdafs` inflate, and each driven by the puppeteer-core of its day: the current one
// speaks a DevTools protocol these builds do not know.
import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface OldChromium {
  major: 80 | 88;
  /** The npm alias of the chrome-aws-lambda release that ships this build. */
  lambda: string;
  /** The npm alias of the puppeteer-core release made for it. */
  puppeteer: string;
}

export const OLD_CHROMIUMS: readonly OldChromium[] = [
  { major: 80, lambda: 'chrome-aws-lambda-80', puppeteer: 'puppeteer-core-2' },
  { major: 88, lambda: 'chrome-aws-lambda-88', puppeteer: 'puppeteer-core-5' },
];

const require = createRequire(import.meta.url);
const cache = fileURLToPath(new URL('../../node_modules/.cache/old-chromium/', import.meta.url));
const folderOf = (engine: OldChromium) => join(cache, String(engine.major));
/** Written last, inside the folder before it takes its name: a folder without it was never finished. */
const MARKER = 'unpacked';

export const oldChromiumPath = (engine: OldChromium) => join(folderOf(engine), 'chromium');
export const isUnpacked = (engine: OldChromium) => existsSync(join(folderOf(engine), MARKER));

/**
 * Unpacks the binary and its software GL (swiftshader/, which Chromium looks for beside itself), unless
 * done before. `inflate` writes into `os.tmpdir()` and skips an existing output, so it runs in a fresh
 * folder that becomes the cache entry in one rename: an interrupted unpack leaves no half binary behind.
 */
export async function unpackOldChromium(engine: OldChromium): Promise<string> {
  if (isUnpacked(engine)) return oldChromiumPath(engine);
  const bin = join(dirname(require.resolve(`${engine.lambda}/package.json`)), 'bin');
  const { inflate } = createRequire(join(bin, '..', 'package.json'))('lambdafs') as {
    inflate(path: string): Promise<string>;
  };
  const partial = `${folderOf(engine)}.partial-${process.pid}`;
  rmSync(partial, { recursive: true, force: true });
  mkdirSync(partial, { recursive: true });
  const tmpdir = process.env.TMPDIR;
  process.env.TMPDIR = partial;
  try {
    await inflate(join(bin, 'chromium.br'));
    await inflate(join(bin, 'swiftshader.tar.br'));
  } finally {
    if (tmpdir === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = tmpdir;
  }
  writeFileSync(join(partial, MARKER), `${engine.lambda}\n`);
  rmSync(folderOf(engine), { recursive: true, force: true });
  renameSync(partial, folderOf(engine));
  return oldChromiumPath(engine);
}

/** What the suite uses of puppeteer-core 2 and 5 (neither has types that fit beside the current one's). */
export interface OldHandle {
  asElement(): OldHandle | null;
  tap(): Promise<void>;
  contentFrame(): Promise<OldFrame | null>;
  dispose(): Promise<void>;
}
export interface OldFrame {
  /** A string is evaluated as an expression (see in-page.ts): the code must be old enough for the engine. */
  evaluate<T>(expression: string): Promise<T>;
  evaluateHandle(expression: string): Promise<OldHandle>;
  waitForFunction(
    expression: string,
    options: { timeout: number; polling?: number | 'raf' },
  ): Promise<unknown>;
}
export interface OldPage extends OldFrame {
  setViewport(viewport: {
    width: number;
    height: number;
    deviceScaleFactor: number;
    isMobile: boolean;
    hasTouch: boolean;
  }): Promise<void>;
  setUserAgent(userAgent: string): Promise<void>;
  goto(url: string, options?: { waitUntil: 'load' | 'domcontentloaded' }): Promise<unknown>;
  keyboard: { type(text: string): Promise<void> };
  screenshot(options: { path: string; fullPage: boolean }): Promise<unknown>;
  on(event: 'pageerror', listener: (error: Error) => void): void;
  on(event: 'console', listener: (message: { type(): string; text(): string }) => void): void;
  on(
    event: 'requestfailed',
    listener: (request: { url(): string; failure(): { errorText: string } | null }) => void,
  ): void;
}
export interface OldBrowser {
  version(): Promise<string>;
  createIncognitoBrowserContext(): Promise<{ newPage(): Promise<OldPage>; close(): Promise<void> }>;
  close(): Promise<void>;
}

/**
 * Headless, as root, software GL. Frames of other sites stay in the page's process, as on most Android
 * phones (full site isolation is a desktop feature): puppeteer 2 cannot reach a frame in another process.
 * No background traffic on a closed network, as for Debian's Chromium (test/chromium.mjs).
 */
const ARGS = [
  '--no-sandbox',
  '--disable-dev-shm-usage',
  '--use-gl=swiftshader',
  '--disable-features=site-per-process',
  '--disable-site-isolation-trials',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export async function launchOldChromium(engine: OldChromium): Promise<OldBrowser> {
  const executablePath = await unpackOldChromium(engine);
  const puppeteer = require(engine.puppeteer) as {
    launch(options: { executablePath: string; args: string[]; headless: boolean }): Promise<OldBrowser>;
  };
  return puppeteer.launch({ executablePath, args: ARGS, headless: true });
}
