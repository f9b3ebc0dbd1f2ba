/**
 * The visitor id from FingerprintJS, computed by its own lazy chunk (fingerprintChunk.ts, without long tasks).
 * Kept out of fingerprint.ts, which travels in the after-Pay chunk: a dynamic import there would make Vite link its
 * preload helper into the entry (widget/build/plainDynamicImports.ts), so this one stays in the entry, beside the
 * other lazy imports. The chunk never calls FingerprintJS's `load()`, so its usage-statistics request (`monitoring`)
 * is never made.
 */
export function computeFingerprint(): Promise<string> {
  return import('./fingerprintChunk').then((chunk) => chunk.default());
}
