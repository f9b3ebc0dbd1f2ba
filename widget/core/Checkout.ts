import { mountInstance, type Instance } from './mountInstance';
import type { CheckoutHandle, CheckoutOptions } from './types';

/** One widget per element, whoever mounted it: the registry is what makes a second init harmless. */
const mounted = new WeakMap<Element, Instance>();

export function isMounted(element: Element): boolean {
  return mounted.has(element);
}

function resolveTarget(target: string | Element): Element {
  if (typeof target !== 'string') return target;
  const element = typeof document === 'undefined' ? null : document.querySelector(target);
  if (!element) throw new Error(`Checkout: no element matches ${JSON.stringify(target)}`);
  return element;
}

function assertOptions(options: CheckoutOptions): void {
  for (const key of ['session', 'clientSecret'] as const) {
    if (typeof options?.[key] !== 'string' || !options[key])
      throw new TypeError(`Checkout.init: \`${key}\` is required`);
  }
}

/**
 * `Checkout.init(options).mount('#el')`. Mounting on an element that already shows the same session keeps that
 * widget (and its state) and hands it the new options; another session replaces it.
 *
 * @example
 * const checkout = Checkout.init({ session: id, clientSecret, onCompleted: (r) => console.log(r.outcome) });
 * checkout.mount('#checkout');
 */
export function init(options: CheckoutOptions): CheckoutHandle {
  assertOptions(options);
  let host: Element | undefined;
  let latest = options;
  const handle: CheckoutHandle = {
    mount(target) {
      const element = resolveTarget(target);
      if (host && host !== element) handle.unmount();
      host = element;
      const existing = mounted.get(element);
      if (existing && existing.session === latest.session) {
        existing.update(latest);
      } else {
        existing?.destroy();
        mounted.set(element, mountInstance(element, latest));
      }
      return handle;
    },
    update(partial) {
      latest = { ...latest, ...partial };
      assertOptions(latest);
      if (host) mounted.get(host)?.update(latest);
      return handle;
    },
    submit() {
      return host ? (mounted.get(host)?.submit() ?? false) : false;
    },
    unmount() {
      if (!host) return;
      mounted.get(host)?.destroy();
      mounted.delete(host);
      host = undefined;
    },
  };
  return handle;
}
