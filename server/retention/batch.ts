import type { Store } from '../store/database.ts';

/** What a batch step needs: where, up to when, and how many rows at most. */
export interface PurgeBatch {
  store: Store;
  /** Records whose last change is before this (epoch ms) are purged. */
  cutoff: number;
  /** Stamped into `purged_at`. */
  now: number;
  limit: number;
  signal?: AbortSignal | undefined;
}
