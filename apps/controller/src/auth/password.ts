// Password hashing with scrypt from node:crypto (memory-hard, built in, no native add-on).
// Stored as `scrypt$<logN>$<r>$<p>$<salt>$<hash>` so parameters can be raised later without
// breaking existing hashes (older `scrypt$15$…` hashes still verify). N = 2^17, r = 8 → 128 MiB
// and ~300-400 ms per hash on a 2-core machine.
import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import type { ScryptOptions } from 'node:crypto';

export interface ScryptParams {
  readonly logN: number;
  readonly r: number;
  readonly p: number;
}

export const DEFAULT_SCRYPT: ScryptParams = { logN: 17, r: 8, p: 1 };
const KEY_LENGTH = 32;
/**
 * Hashes running at once. Each holds 128·N·r bytes (128 MiB at the default) on a libuv thread:
 * 40 sign-ins to different accounts at once would otherwise ask for 5 GiB and take every thread.
 * The rest wait their turn (2 = this machine's cores; more would not finish sooner).
 */
const MAX_CONCURRENT_HASHES = 2;

/** The memory OpenSSL's scrypt allocates: V (128·r·(N+2)) plus B (128·r·p); maxmem must cover it. */
function scryptBytes(params: ScryptParams): number {
  return 128 * params.r * (2 ** params.logN + 2 + params.p);
}

/** No stored hash may ask for more than twice the default's memory (N=2^18 at r=8): a hostile row must not exhaust it. */
const MAX_SCRYPT_BYTES = 2 * scryptBytes(DEFAULT_SCRYPT);

let running = 0;
const waiting: (() => void)[] = [];

async function withHashSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_CONCURRENT_HASHES) await new Promise<void>((resolve) => waiting.push(resolve));
  else running++;
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next === undefined) running--;
    else next(); // the slot passes straight to the next waiter
  }
}

/** Hashes running now and waiting for a slot (tests; a gauge could read it too). */
export function hashQueue(): { readonly running: number; readonly waiting: number } {
  return { running, waiting: waiting.length };
}

function derive(password: string, salt: Buffer, params: ScryptParams): Promise<Buffer> {
  // node's default maxmem (32 MiB) is below what N=2^17 needs: allow exactly what these parameters take
  const options: ScryptOptions = { N: 2 ** params.logN, r: params.r, p: params.p, maxmem: scryptBytes(params) };
  return withHashSlot(
    () =>
      new Promise((resolve, reject) => {
        scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (err, key) => (err ? reject(err) : resolve(key)));
      }),
  );
}

export async function hashPassword(password: string, params: ScryptParams = DEFAULT_SCRYPT): Promise<string> {
  if (scryptBytes(params) > MAX_SCRYPT_BYTES)
    throw new RangeError(
      `scrypt parameters need more than ${Math.round(MAX_SCRYPT_BYTES / 2 ** 20)} MiB per hash: lower logN or r`,
    );
  const salt = randomBytes(16);
  const key = await derive(password, salt, params);
  return ['scrypt', params.logN, params.r, params.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** False for a wrong password or a malformed hash; never throws on bad input. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [logN, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  if (![logN, r, p].every(Number.isInteger) || logN < 10 || logN > 20 || r < 1 || r > 32 || p < 1 || p > 16)
    return false;
  if (scryptBytes({ logN, r, p }) > MAX_SCRYPT_BYTES) return false;
  const salt = Buffer.from(parts[4] ?? '', 'base64url');
  const expected = Buffer.from(parts[5] ?? '', 'base64url');
  if (expected.length !== KEY_LENGTH) return false;
  const key = await derive(password, salt, { logN, r, p });
  return timingSafeEqual(key, expected);
}

/** A hash of nothing anyone knows, checked against when the account does not exist so that
 *  "no such user" takes as long as "wrong password" (with the same parameters as real hashes). */
const dummies = new Map<string, Promise<string>>();
export function dummyHash(params: ScryptParams = DEFAULT_SCRYPT): Promise<string> {
  const key = `${params.logN}$${params.r}$${params.p}`;
  let dummy = dummies.get(key);
  if (dummy === undefined) {
    dummy = hashPassword(randomBytes(16).toString('hex'), params);
    dummies.set(key, dummy);
  }
  return dummy;
}

/** 20 random characters from an unambiguous alphabet (~115 bits), for `admin create` without stdin. */
export function generatePassword(): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const bytes = randomBytes(20);
  // 256 % 55 ≠ 0 gives a slight bias; irrelevant at 115 bits.
  return [...bytes].map((b) => alphabet[b % alphabet.length]).join('');
}
