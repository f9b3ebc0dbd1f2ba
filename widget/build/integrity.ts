import { createHash } from 'node:crypto';

/** The Subresource Integrity value of a file's bytes (sha384, the strength browsers and CDNs use by default). */
export function integrity(content: string | Uint8Array): string {
  return `sha384-${createHash('sha384').update(content).digest('base64')}`;
}

/** A short content hash for an immutable file name. */
export function contentHash(content: string | Uint8Array): string {
  return createHash('sha256').update(content).digest('base64url').slice(0, 10);
}
