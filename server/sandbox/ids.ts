/** Random identifiers in the sandbox's own formats; 128 random bits unless said otherwise. */
import { randomHex as hex, randomInt } from '../random.ts';

export const newId = (prefix: string) => `${prefix}_${hex(12)}`;

let sequence = 0;
/**
 * An id that sorts in creation order within this process (time, then a counter, then randomness), so
 * two webhooks recorded in the same millisecond still go out in the order they were recorded.
 */
export function newSortableId(prefix: string, now: number): string {
  sequence = (sequence + 1) % 36 ** 6;
  return `${prefix}_${now.toString(36).padStart(9, '0')}${sequence.toString(36).padStart(6, '0')}${hex(6)}`;
}
export const newReference = () => `SBX-${hex(16)}`;
export const newProvidersReference = () => `PRV${hex(8).toUpperCase()}`;
export const newDisbursementReference = () => `DSB-${hex(16)}`;
/** Ten digits, like a virtual account number. */
export const newAccountNumber = () => String(randomInt(1_000_000_000, 9_999_999_999));
