/**
 * The merchant console's sessions: `POST /console/login` trades the API key for a
 * random session id in an HttpOnly, SameSite=Strict cookie, so the console page never holds the key.
 * Kept in memory for 8 hours: a restart logs everyone out, and each instance has its own sessions
 * (sticky sessions behind a balancer). In memory rather than a signed expiry so logout really ends one.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Context } from 'hono';
import type { Clock } from '../clock.ts';

export const CONSOLE_COOKIE = 'pay_console';
export const CONSOLE_SESSION_MS = 8 * 60 * 60 * 1000;
/** Past this many live sessions the oldest is dropped: logins are rate-limited, so this is a backstop. */
const MAX_SESSIONS = 10_000;

export interface ConsoleSessions {
  /** This server's public origin (PUBLIC_URL), which the console's pages are served from. */
  readonly publicOrigin: string;
  /** A new session id (256 random bits, base64url) and when it ends. */
  create(): { id: string; expiresAt: number };
  /** When the session ends, or undefined when unknown or expired. */
  expiresAt(id: string | undefined): number | undefined;
  revoke(id: string | undefined): void;
}

/** Sessions are stored under a hash of their id, so a memory dump holds no usable cookie. */
const hashId = (id: string) => createHash('sha256').update(id, 'utf8').digest('base64url');

export function createConsoleSessions(clock: Clock, publicUrl: string): ConsoleSessions {
  const sessions = new Map<string, number>();

  function sweep(now: number) {
    for (const [key, expiresAt] of sessions) if (expiresAt <= now) sessions.delete(key);
    while (sessions.size >= MAX_SESSIONS) {
      const oldest = sessions.keys().next().value;
      if (oldest === undefined) break;
      sessions.delete(oldest);
    }
  }

  return {
    publicOrigin: new URL(publicUrl).origin,
    create() {
      const now = clock.now();
      sweep(now);
      const id = randomBytes(32).toString('base64url');
      const expiresAt = now + CONSOLE_SESSION_MS;
      sessions.set(hashId(id), expiresAt);
      return { id, expiresAt };
    },
    expiresAt(id) {
      if (!id || id.length > 100) return undefined;
      const key = hashId(id);
      const expiresAt = sessions.get(key);
      if (expiresAt === undefined) return undefined;
      if (expiresAt <= clock.now()) {
        sessions.delete(key);
        return undefined;
      }
      return expiresAt;
    },
    revoke(id) {
      if (id) sessions.delete(hashId(id));
    },
  };
}

/**
 * Whether a browser request comes from a page of this server: its `Origin` is PUBLIC_URL's origin, or
 * names the host the request was sent to (the scheme is not compared there, so a TLS-terminating proxy
 * in front, which we see as http, still matches). No `Origin` is not same-origin: browsers send it on
 * every cross-site request and every POST.
 */
export function isSameOrigin(c: Context, publicOrigin: string): boolean {
  const origin = c.req.header('origin');
  if (!origin || origin === 'null') return false;
  if (origin === publicOrigin) return true;
  try {
    return new URL(origin).host === new URL(c.req.url).host;
  } catch {
    return false;
  }
}
