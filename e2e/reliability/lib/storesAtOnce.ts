/**
 * `describeOnStores` with the stores' suites run at the same time, each suite's own tests still one after
 * another (hooks included). The fault suites spend most of their time waiting on the gateway's time-outs and the
 * backend's in-flight windows, with the CPU idle: run side by side, the two stores wait once. A suite run this way
 * shares nothing with the other store's: it starts its own sandbox (and fault proxy), since the sandbox's fault
 * rules, held calls and request counts are the whole sandbox's.
 */
import { describe } from 'vitest';
import { describeOnStores, type StoreKind } from '../../../server/testing/storeVariants';

export function describeOnStoresAtOnce(name: string, suite: (kind: StoreKind) => void): void {
  // a concurrent suite's child suites run at once (and inherit it); `sequential` puts each store's tests in a row
  describe.concurrent('stores at once', () =>
    describeOnStores(name, (kind) => describe.sequential('in a row', () => suite(kind))));
}
