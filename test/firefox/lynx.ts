// Debian's lynx, a text browser, driven as a person at its keyboard would drive it: the keystrokes go
// through a named pipe given as its `-cmd_script`, which lynx reads as it needs them, so the test decides
// the next keys once it has read the page. A page is read by lynx's own "print to a local file", as text.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdtempSync, readFileSync, rmSync, statSync, type WriteStream } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { vi } from 'vitest';

/** `LYNX_PATH` names another binary. */
export const lynxPath = process.env.LYNX_PATH ?? '/usr/bin/lynx';

/** How long lynx may take to load and save a page on a loaded machine. */
const PAGE_MS = 15_000;

/** `text` as keystrokes: one `key` line a character (a space by its code, as lynx's script wants it). */
const typed = (text: string) => [...text].map((char) => `key ${char === ' ' ? '0x20' : char}`);

export class Lynx {
  private readonly dir = mkdtempSync(join(tmpdir(), 'pay-lynx-'));
  private readonly process: ChildProcess;
  private readonly script: WriteStream;
  private pages = 0;
  private output = '';

  /**
   * Opens `url`. `cookies`: accept every cookie without asking (`-accept_all_cookies`), or refuse them all
   * (`-cookies` turns their handling off). `-tna`: a text field takes keys only once Enter activates it,
   * so a command key on a page whose first link is a field is a command. `-delay=0`: no pause on messages.
   */
  constructor(url: string, options: { cookies: boolean }) {
    const fifo = join(this.dir, 'keys');
    spawnSync('mkfifo', [fifo]);
    const args = ['-tna', '-delay=0', options.cookies ? '-accept_all_cookies' : '-cookies'];
    this.process = spawn(lynxPath, [...args, `-cmd_script=${fifo}`, url], {
      // Its own home (no .lynxrc, no saved cookies) and a plain terminal; it needs none attached.
      env: { ...process.env, HOME: this.dir, TERM: 'vt100' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.process.stdout?.on('data', (chunk) => (this.output = `${this.output}${chunk}`.slice(-4000)));
    this.script = createWriteStream(fifo);
    // No pause on its status messages ("Location URL is not absolute", an HTTP error's code): seconds each.
    this.send(['set ALERTSECS=0', 'set INFOSECS=0', 'set MESSAGESECS=0', 'set REPLAYSECS=0']);
  }

  private send(lines: string[]) {
    this.script.write(`${lines.join('\n')}\n`);
  }

  /** Types `text` into the current text field, then Enter, which also moves on to the next field. */
  fill(text: string) {
    this.send(['key ^J', ...typed(text), 'key ^J']);
  }

  /** Moves down `times` links or fields. */
  down(times = 1) {
    this.send(Array.from({ length: times }, () => 'key Down Arrow'));
  }

  /** Reloads the page from the server (^R): lynx shows a link to the page on screen from its memory. */
  reload() {
    this.send(['key ^R']);
  }

  /** Enter on the current link or button: follows it, or submits its form. */
  enter() {
    this.send(['key ^J']);
  }

  /** The page on screen, as text: lynx saves it (print, "Save to a local file"), and is back on it. */
  async read(): Promise<string> {
    const file = join(this.dir, `page-${++this.pages}.txt`);
    this.send(['key p', 'key ^J', 'key ^U', ...typed(file), 'key ^J']);
    let size = -1;
    // Saved once it is there and has stopped growing.
    await vi.waitFor(
      () => {
        const now = statSync(file, { throwIfNoEntry: false })?.size ?? 0;
        const done = now > 0 && now === size;
        size = now;
        if (!done) throw new Error(`lynx has not saved the page yet; its screen ends with:\n${this.output}`);
      },
      { timeout: PAGE_MS, interval: 100 },
    );
    return readFileSync(file, 'utf8');
  }

  /** Quits at once, and removes its home. */
  async close() {
    this.send(['exit']);
    this.script.end();
    if (this.process.exitCode === null) {
      const exited = new Promise((resolve) => this.process.once('exit', resolve));
      const stuck = setTimeout(() => this.process.kill(), 5_000);
      await exited;
      clearTimeout(stuck);
    }
    rmSync(this.dir, { recursive: true, force: true });
  }
}

/** `lynx -dump`: a page's text as lynx formats it, with its links numbered and listed at the end. */
export function dump(url: string): string {
  const result = spawnSync(lynxPath, ['-dump', '-accept_all_cookies', url], {
    env: { ...process.env, HOME: tmpdir(), TERM: 'vt100' },
    encoding: 'utf8',
    timeout: PAGE_MS,
  });
  if (result.status !== 0) throw new Error(`lynx -dump ${url}: ${result.stderr || result.error}`);
  return result.stdout;
}
