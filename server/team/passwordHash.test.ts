import { expect, test } from 'vitest';
import { hashPassword, verifyPassword } from './passwordHash';

test('a password is kept as scrypt with its parameters and a salt of its own, and only it verifies', async () => {
  const a = await hashPassword('correct horse battery');
  const b = await hashPassword('correct horse battery');
  expect(a).toMatch(/^scrypt\$32768\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
  expect(a).not.toBe(b);
  expect(await verifyPassword('correct horse battery', a)).toBe(true);
  expect(await verifyPassword('correct horse batterY', a)).toBe(false);
  expect(await verifyPassword('correct horse battery', 'sha256$abc')).toBe(false);
});
