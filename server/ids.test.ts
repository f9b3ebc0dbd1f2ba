import { describe, expect, it } from 'vitest';
import { hashSecret, newId, newSecret, secretEquals, secretMatchesHash } from './ids';

describe('ids', () => {
  it('newId gives distinct URL-safe ids of 16 random bytes, across refills of its random pool', () => {
    const ids = Array.from({ length: 1000 }, () => newId('pay'));
    expect(new Set(ids).size).toBe(1000);
    for (const id of ids) expect(id).toMatch(/^pay_[A-Za-z0-9_-]{22}$/);
    // no byte is handed out twice: consecutive ids share no 16-byte window (a reused pool would repeat them)
    const bytes = ids.map((id) => Buffer.from(id.slice(4), 'base64url').toString('hex'));
    expect(new Set(bytes).size).toBe(1000);
  });

  it('newSecret is longer and distinct, and only its hash matches', () => {
    const secret = newSecret('cs');
    expect(secret).toMatch(/^cs_[A-Za-z0-9_-]{43}$/);
    expect(newSecret('cs')).not.toBe(secret);
    expect(secretMatchesHash(secret, hashSecret(secret))).toBe(true);
    expect(secretMatchesHash(`${secret}x`, hashSecret(secret))).toBe(false);
    expect(secretMatchesHash(undefined, hashSecret(secret))).toBe(false);
    expect(secretEquals('', '')).toBe(false);
  });
});
