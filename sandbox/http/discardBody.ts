/**
 * Reads and drops what is left of a refused request body, up to `maxBytes`, so the client (still sending) gets
 * the 413 answer on a connection that stays usable. Returns false when the body was longer, or could not be
 * read: the connection should then be closed.
 */
export async function discardBody(body: ReadableStream<Uint8Array> | null, maxBytes: number): Promise<boolean> {
  if (!body || body.locked) return body === null;
  const reader = body.getReader();
  let seen = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return true;
      seen += value.byteLength;
      if (seen > maxBytes) {
        await reader.cancel();
        return false;
      }
    }
  } catch {
    return false;
  }
}
