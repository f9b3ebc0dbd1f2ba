export type Encoding = 'br' | 'gzip';

/**
 * The content coding to send, of the precompressed ones available, by the request's Accept-Encoding (RFC 9110
 * 12.5.3): the highest q wins, brotli on a tie (smaller), `*` stands for a coding not named, q=0 refuses it.
 * Undefined: the file as it is (identity), which is also the answer to no header at all.
 */
export function chooseEncoding(
  acceptEncoding: string | undefined,
  available: readonly Encoding[],
): Encoding | undefined {
  if (!acceptEncoding) return undefined;
  const q = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.split(';').map((s) => s.trim().toLowerCase());
    const weight = params.find((p) => p.startsWith('q='));
    const value = weight === undefined ? 1 : Number(weight.slice(2));
    if (name) q.set(name, Number.isFinite(value) ? value : 0);
  }
  let best: Encoding | undefined;
  let bestQ = 0;
  // brotli first, so it wins a tie
  for (const coding of (['br', 'gzip'] as const).filter((c) => available.includes(c))) {
    const weight = q.get(coding) ?? q.get('*') ?? 0;
    if (weight > bestQ) {
      best = coding;
      bestQ = weight;
    }
  }
  return best;
}
