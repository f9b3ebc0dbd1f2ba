/**
 * The visitor id from FingerprintJS, loaded as its own chunk. Kept out of fingerprint.ts, which travels in the
 * after-Pay chunk: a dynamic import there would make Vite link its preload helper into the entry
 * (widget/build/plainDynamicImports.ts), so this one stays in the entry, beside the other lazy imports.
 */
export async function computeFingerprint(): Promise<string> {
  const FingerprintJS = await import('@fingerprintjs/fingerprintjs');
  // monitoring: false: the agent would otherwise send a usage-statistics request to a third party.
  const agent = await FingerprintJS.load({ monitoring: false });
  const { visitorId } = await agent.get();
  return visitorId.slice(0, 128);
}
