export type ChallengeWindowSize = '01' | '02' | '03' | '04' | '05';

/** The EMV 3-D Secure challenge windows (CSS px), largest area first: 03 500x600, 04 600x400, 02 390x400, 01 250x400. */
const WINDOWS: readonly (readonly [ChallengeWindowSize, number, number])[] = [
  ['03', 500, 600],
  ['04', 600, 400],
  ['02', 390, 400],
  ['01', 250, 400],
];

/**
 * `challenge_window_size` for a card frame of `width` x `height`: the largest EMV window that fits, so the
 * issuer's challenge page is not cut off in the frame; `05` (full screen) when not even 250x400 fits.
 */
export function challengeWindowSize(width: number, height: number): ChallengeWindowSize {
  return WINDOWS.find(([, w, h]) => width >= w && height >= h)?.[0] ?? '05';
}
