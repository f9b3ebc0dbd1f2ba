/**
 * The sandbox's fault switch from a reliability test: add rules, and clear them while counting how often they
 * fired, so the tally says how many faults were really injected (a rule that never fired proves nothing).
 */
import { addFault, listFaults } from '../../../sandbox/testing/faults';
import type { Tally } from './tally';

export { addFault, listFaults };

export async function clearCountingFaults(sandboxUrl: string, tally: Tally): Promise<number> {
  const { rules } = await listFaults(sandboxUrl);
  const fired = rules.reduce((n, r) => n + r.fired, 0);
  tally.faults += fired;
  const res = await fetch(`${sandboxUrl}/sandbox/faults`, { method: 'DELETE' });
  if (res.status !== 204) throw new Error(`sandbox: faults not cleared: ${res.status}`);
  return fired;
}
