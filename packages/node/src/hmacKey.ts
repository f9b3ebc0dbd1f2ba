/** An HMAC-SHA256 key of Web Crypto (`crypto.subtle`, global on Node 20, Deno, Bun, workers and browsers). */
export function hmacKey(secret: string, usage: 'sign' | 'verify') {
  return crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
    usage,
  ]);
}

/**
 * The bytes as Web Crypto's typings want them (backed by an ArrayBuffer, not a SharedArrayBuffer, which the bytes
 * of signedEvent.ts never are). Kept out of the exported types, which older TypeScript versions read too.
 */
export const bufferSource = (bytes: Uint8Array) => bytes as Uint8Array<ArrayBuffer>;
