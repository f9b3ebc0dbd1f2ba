import { randomBytes } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { ROLES, type Role } from '../../shared/contract/roles';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** 32 base62 characters: 190 random bits, beyond any guessing, so a plain SHA-256 at rest is enough. */
const RANDOM_CHARS = 32;
/** The random characters that go into the shown prefix: 48 bits, enough for the prefix to be unique. */
const PREFIX_RANDOM_CHARS = 8;
const CHECKSUM_CHARS = 6;

const KEY_PATTERN = new RegExp(
  `^ck_(${ROLES.join('|')})_([0-9A-Za-z]{${RANDOM_CHARS}})([0-9A-Za-z]{${CHECKSUM_CHARS}})$`,
);

export interface NewApiKey {
  /** the whole key, shown to its creator once and never stored */
  key: string;
  /** `ck_<role>_<8 characters>`: listed, shown in the audit log, and how the key is looked up */
  prefix: string;
}

/**
 * A new key, `ck_<role>_<32 random base62><6 base62 CRC32 checksum>`, shaped as GitHub's tokens are so that a
 * leaked key is recognisable: a secret scanner (or a person reading a log) knows it by its `ck_` prefix, reads its
 * role, and can tell a real key from a look-alike by the checksum without asking us; the backend refuses a
 * mistyped key by the same checksum without a database read.
 */
export function newApiKey(role: Role): NewApiKey {
  const random = randomBase62(RANDOM_CHARS);
  const key = `ck_${role}_${random}${checksumOf(`${role}_${random}`)}`;
  return { key, prefix: prefixOf(role, random) };
}

/** The role and prefix of a well-formed key with a right checksum; undefined for anything else. */
export function parseApiKey(text: string): { role: Role; prefix: string } | undefined {
  const m = KEY_PATTERN.exec(text);
  if (!m) return undefined;
  const [, role, random, checksum] = m as unknown as [string, Role, string, string];
  if (checksumOf(`${role}_${random}`) !== checksum) return undefined;
  return { role, prefix: prefixOf(role, random) };
}

function prefixOf(role: Role, random: string): string {
  return `ck_${role}_${random.slice(0, PREFIX_RANDOM_CHARS)}`;
}

function checksumOf(text: string): string {
  let n = crc32(text);
  let out = '';
  for (let i = 0; i < CHECKSUM_CHARS; i++) {
    out = BASE62[n % 62] + out;
    n = Math.floor(n / 62);
  }
  return out;
}

/** Uniform base62: bytes of 248 and above are dropped, since 256 is not a multiple of 62. */
function randomBase62(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 248 && out.length < length) out += BASE62[byte % 62];
    }
  }
  return out;
}
