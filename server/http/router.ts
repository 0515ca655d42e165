/**
 * The app's router: Hono's own (RegExpRouter, else TrieRouter), with the latest matches remembered.
 *
 * Hono's RegExpRouter matches any path with one regular expression, but refuses a static segment beside
 * a parameter at the same place (`/api/v1/payouts/recipients/...` and `/api/v1/payouts/:reference`), so
 * for our routes Hono's default SmartRouter falls back to the TrieRouter, which walks its tree (global
 * middleware `*` and `/api/v1/*` included) on every request: on a cached link read that walk cost more
 * than the handler. A match depends on nothing but the method and the path, and Hono only reads it, so
 * the result for a path asked for again (a popular link, a payment being polled) is reused.
 *
 * Kept on its measured gain: with Hono's default router a warm link read costs clearly more server CPU
 * and its throughput falls well below this one's. `npm run bench` measures it on its
 * `GET /api/v1/links/:id (warm)` line (ratio to bare, cpu/request); compare a build with the default
 * router in alternating runs (`BENCH_ONLY=server`).
 */
import type { Result, Router } from 'hono/router';
import { RegExpRouter } from 'hono/router/reg-exp-router';
import { SmartRouter } from 'hono/router/smart-router';
import { TrieRouter } from 'hono/router/trie-router';

/** How many matches are kept (oldest out first): a bound on memory whatever paths clients make up. */
const REMEMBERED_MATCHES = 500;
/** Longer paths are matched every time: they are rare, and each would pin its string in memory. */
const LONGEST_REMEMBERED_PATH = 200;

export class RememberingRouter<T> implements Router<T> {
  readonly name = 'RememberingRouter';
  readonly #router: Router<T> = new SmartRouter<T>({ routers: [new RegExpRouter(), new TrieRouter()] });
  readonly #matches = new Map<string, Result<T>>();

  /** How many matches are remembered now. */
  get size(): number {
    return this.#matches.size;
  }

  add(method: string, path: string, handler: T): void {
    this.#matches.clear();
    this.#router.add(method, path, handler);
  }

  match(method: string, path: string): Result<T> {
    if (path.length > LONGEST_REMEMBERED_PATH) return this.#router.match(method, path);
    const key = `${method} ${path}`;
    let result = this.#matches.get(key);
    if (!result) {
      result = this.#router.match(method, path);
      if (this.#matches.size >= REMEMBERED_MATCHES) this.#matches.delete(this.#matches.keys().next().value!);
      this.#matches.set(key, result);
    }
    return result;
  }
}
