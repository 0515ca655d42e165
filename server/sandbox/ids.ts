/** Random identifiers in the sandbox's own formats; 128 random bits unless said otherwise. */
import { randomBytes, randomInt } from 'node:crypto';

const hex = (bytes: number) => randomBytes(bytes).toString('hex');

export const newId = (prefix: string) => `${prefix}_${hex(12)}`;
export const newReference = () => `SBX-${hex(16)}`;
export const newProvidersReference = () => `PRV${hex(8).toUpperCase()}`;
export const newDisbursementReference = () => `DSB-${hex(16)}`;
/** Ten digits, like a virtual account number. */
export const newAccountNumber = () => String(randomInt(1_000_000_000, 9_999_999_999));
