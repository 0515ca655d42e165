/**
 * Time is injected everywhere (docs/server.md#time): code asks a Clock for "now" and for sleeps instead of
 * calling Date.now() or setTimeout itself, so tests move time forward by hand and never wait.
 */
export interface Clock {
  /** Milliseconds since the epoch, UTC. */
  now(): number;
  /** Resolves after `ms` of this clock's time, or rejects when `signal` aborts first. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  sleep: (ms, signal) =>
    new Promise((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason);
      const timer = setTimeout(() => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      }, ms);
      const onAbort = () => {
        clearTimeout(timer);
        reject(signal?.reason);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
    }),
};

interface Sleeper {
  wakeAt: number;
  resolve: () => void;
}

/** A clock that moves only when a test says so. Sleepers wake in time order as `advance` passes them. */
export class ManualClock implements Clock {
  #now: number;
  #sleepers: Sleeper[] = [];

  constructor(start: number | string = '2026-11-22T10:00:00.000Z') {
    this.#now = typeof start === 'number' ? start : Date.parse(start);
  }

  now(): number {
    return this.#now;
  }

  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    return new Promise((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason);
      const sleeper: Sleeper = { wakeAt: this.#now + Math.max(0, ms), resolve };
      this.#sleepers.push(sleeper);
      signal?.addEventListener(
        'abort',
        () => {
          this.#sleepers = this.#sleepers.filter((other) => other !== sleeper);
          reject(signal.reason);
        },
        { once: true },
      );
    });
  }

  /** Moves time forward, waking every sleeper whose time has come (earliest first). */
  async advance(ms: number): Promise<void> {
    const target = this.#now + ms;
    for (;;) {
      const next = this.#sleepers.filter((s) => s.wakeAt <= target).sort((a, b) => a.wakeAt - b.wakeAt)[0];
      if (!next) break;
      this.#now = Math.max(this.#now, next.wakeAt);
      this.#sleepers = this.#sleepers.filter((s) => s !== next);
      next.resolve();
      // Let the woken code run up to its next await before waking the one after it.
      await new Promise((resolve) => setImmediate(resolve));
    }
    this.#now = target;
  }

  /** Sets the time directly (never backwards). */
  async set(time: number | string): Promise<void> {
    const target = typeof time === 'number' ? time : Date.parse(time);
    await this.advance(Math.max(0, target - this.#now));
  }
}
