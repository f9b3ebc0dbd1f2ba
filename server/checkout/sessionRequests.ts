import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { Db, SessionRequestTable } from '../store';

export type SessionRequestRow = Selectable<SessionRequestTable>;

/** Two keys from one Idempotency-Key, each for one use: the row's lookup and the client secret's seal. */
function derive(use: 'lookup' | 'seal', idempotencyKey: string): Buffer {
  return createHash('sha256').update(`checkout session request ${use}\0${idempotencyKey}`, 'utf8').digest();
}

export function sessionRequestKeyHash(idempotencyKey: string): string {
  return derive('lookup', idempotencyKey).toString('hex');
}

/** The client secret as stored for a replay: AES-256-GCM under the key derived from the Idempotency-Key. */
export function sealClientSecret(idempotencyKey: string, clientSecret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', derive('seal', idempotencyKey), iv);
  const sealed = Buffer.concat([cipher.update(clientSecret, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), sealed].map((b) => b.toString('base64url')).join('.');
}

export function openClientSecret(idempotencyKey: string, sealed: string): string {
  const [iv, tag, body] = sealed.split('.').map((p) => Buffer.from(p, 'base64url'));
  const decipher = createDecipheriv('aes-256-gcm', derive('seal', idempotencyKey), iv!);
  decipher.setAuthTag(tag!);
  return Buffer.concat([decipher.update(body!), decipher.final()]).toString('utf8');
}

export async function findSessionRequest(db: Db, idempotencyKey: string): Promise<SessionRequestRow | undefined> {
  return db
    .selectFrom('session_requests')
    .selectAll()
    .where('key_hash', '=', sessionRequestKeyHash(idempotencyKey))
    .executeTakeFirst();
}
