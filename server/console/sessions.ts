/**
 * The merchant console's sessions: `POST /console/login` trades the API key for a random session id in
 * an HttpOnly, SameSite=Strict cookie, so the console page never holds the key. Sessions live in the
 * store for 8 hours, so a login is valid on every instance on the same database and survives a restart;
 * a stored session rather than a signed expiry, so that logout really ends one. The store holds only the
 * SHA-256 of each id: a database dump or backup opens no console. Expired rows are deleted by the
 * housekeeping round (main.ts) through purgeExpiredConsoleSessions.
 */
import { createHash } from 'node:crypto';
import type { Context } from 'hono';
import type { Kysely } from 'kysely';
import type { Clock } from '../clock.ts';
import { randomBase64url } from '../random.ts';
import type { Database } from '../store/schema.ts';

export const CONSOLE_COOKIE = 'pay_console';
export const CONSOLE_SESSION_MS = 8 * 60 * 60 * 1000;
/** 256 random bits, as 43 base64url characters. */
const SESSION_ID_BYTES = 32;
/** Longer than any id we hand out: a cookie this long is not ours and costs no hashing. */
const MAX_ID_LENGTH = 100;

export interface ConsoleSessions {
  /** This server's public origin (PUBLIC_URL), which the console's pages are served from. */
  readonly publicOrigin: string;
  /** A new session id (256 random bits, base64url) and when it ends. */
  create(): Promise<{ id: string; expiresAt: number }>;
  /** When the session ends, or undefined when unknown or expired. */
  expiresAt(id: string | undefined): Promise<number | undefined>;
  revoke(id: string | undefined): Promise<void>;
}

const hashId = (id: string) => createHash('sha256').update(id, 'utf8').digest('base64url');

export function createConsoleSessions(
  db: Kysely<Database>,
  clock: Clock,
  publicUrl: string,
): ConsoleSessions {
  return {
    publicOrigin: new URL(publicUrl).origin,
    async create() {
      const now = clock.now();
      const id = randomBase64url(SESSION_ID_BYTES);
      const expiresAt = now + CONSOLE_SESSION_MS;
      await db
        .insertInto('console_sessions')
        .values({ id_hash: hashId(id), created_at: now, expires_at: expiresAt })
        .execute();
      return { id, expiresAt };
    },
    async expiresAt(id) {
      if (!id || id.length > MAX_ID_LENGTH) return undefined;
      const row = await db
        .selectFrom('console_sessions')
        .select('expires_at')
        .where('id_hash', '=', hashId(id))
        .executeTakeFirst();
      // An expired row is refused here and deleted by the next purge (a read stays a read).
      return row && row.expires_at > clock.now() ? row.expires_at : undefined;
    },
    async revoke(id) {
      if (!id || id.length > MAX_ID_LENGTH) return;
      await db.deleteFrom('console_sessions').where('id_hash', '=', hashId(id)).execute();
    },
  };
}

/** Deletes sessions that have ended; run on a schedule. Answers how many went. */
export async function purgeExpiredConsoleSessions(db: Kysely<Database>, now: number): Promise<number> {
  const result = await db.deleteFrom('console_sessions').where('expires_at', '<=', now).executeTakeFirst();
  return Number(result.numDeletedRows);
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
