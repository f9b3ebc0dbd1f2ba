import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Saved-card tokens at rest (issue #18): the gateway charges a stored card to whoever sends its token, so a
 * copy of the database must not be a list of cards to charge. Each token is kept twice, neither in clear:
 * sealed with AES-256-GCM (the backend opens it to pay with the card) and as an HMAC-SHA256, the same for the
 * same token, so the store can refuse one token for two shoppers without opening anything. Both keys are
 * derived from TOKEN_KEY with HKDF; changing TOKEN_KEY makes the saved cards unusable (shoppers save them again).
 */
export interface CardTokenSeal {
  /** "v1.<iv>.<ciphertext>.<tag>", base64url; a fresh IV each time */
  seal(token: string): string;
  /** the token, or throws when the value was not sealed under this key (or was altered) */
  open(sealed: string): string;
  /** hex HMAC of the token: equal tokens, equal hashes */
  hash(token: string): string;
}

const VERSION = 'v1';

/**
 * `purpose` is the HKDF salt: each kind of secret sealed under TOKEN_KEY (saved cards; people's TOTP secrets,
 * issue #22) gets keys of its own, so a value sealed for one purpose never opens as another.
 */
export function cardTokenSeal(tokenKey: string, purpose = 'checkout saved cards'): CardTokenSeal {
  const derive = (info: string) => Buffer.from(hkdfSync('sha256', tokenKey, purpose, info, 32));
  const encryptionKey = derive('token encryption');
  const hashKey = derive('token lookup');
  return {
    seal(token) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', encryptionKey, iv);
      const body = Buffer.concat([cipher.update(token, 'utf8'), cipher.final()]);
      return [VERSION, iv, body, cipher.getAuthTag()]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join('.');
    },
    open(sealed) {
      const [version, iv, body, tag] = sealed.split('.');
      if (version !== VERSION || !iv || !body || !tag) throw new Error('not a sealed card token');
      const decipher = createDecipheriv('aes-256-gcm', encryptionKey, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    },
    hash: (token) => createHmac('sha256', hashKey).update(token, 'utf8').digest('hex'),
  };
}
