// Class codes, which children type (or scan) to reach their class's names: random, never made
// from the class's name, so knowing a school's classes tells nothing of their codes. Eight
// characters of capital letters and digits without the look-alikes (no I, L, O, 0 or 1): 31
// symbols, 31^8 = 852,891,037,441 codes (about 39.6 bits), short enough for a 7-year-old to copy
// from the board. The anonymous roster lookup answers at most 1,000 wrong codes per school site
// in 15 minutes (server/domains/auth/rate-limit.ts, the site's limit; 300 per address), so even
// a school with 100 classes is found by guessing about once in 8.5 billion tries: some 240 years
// at that rate. Drawn with the operating system's CSPRNG.
import { randomInt } from 'node:crypto';

export const CLASS_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const CLASS_CODE_LENGTH = 8;

export function newClassCode(): string {
  let code = '';
  for (let i = 0; i < CLASS_CODE_LENGTH; i++) code += CLASS_CODE_ALPHABET[randomInt(CLASS_CODE_ALPHABET.length)];
  return code;
}
