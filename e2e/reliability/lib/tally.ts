/**
 * What a reliability file did, printed once at its end so the run's figures can be copied into SECURITY.md:
 * faults the sandbox actually fired, effects checked at the gateway, and how many of those were lost (0 where
 * 1 was expected) or doubled (more than 1). A test that finds a loss or a double also fails on its own
 * assertion; the tally only adds them up. Nothing is written to disk.
 */
import { afterAll } from 'vitest';

export interface Tally {
  /** faults the sandbox reports as fired (its rules' `fired`) */
  faults: number;
  /** gateway-side effects checked to have happened exactly once (payments, refunds, captures, payouts, notifications applied) */
  checked: number;
  lost: number;
  doubled: number;
  /** requests sent by fuzzing */
  requests: number;
}

export function useTally(file: string): Tally {
  const tally: Tally = { faults: 0, checked: 0, lost: 0, doubled: 0, requests: 0 };
  afterAll(() => {
    console.log(`[reliability] ${file}: ${JSON.stringify(tally)}`);
  });
  return tally;
}

/** Records how often one effect happened where exactly one was wanted; returns the count for the assertion. */
export function once(tally: Tally, count: number): number {
  tally.checked += 1;
  if (count === 0) tally.lost += 1;
  if (count > 1) tally.doubled += 1;
  return count;
}
