// @vitest-environment happy-dom
import type { Checkout, CheckoutHandle, CheckoutOptions } from '@checkout/js';
import { act, createElement, StrictMode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CheckoutForm, type CheckoutFormProps } from './CheckoutForm';
import { CheckoutProvider, useCheckout } from './CheckoutProvider';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/**
 * A Checkout that records what it is asked, and renders a `.ck-root` into its target as the widget does
 * (widget/core/mountInstance.ts), removed again on unmount.
 */
function recordingCheckout() {
  const log: string[] = [];
  const mounted: { options: CheckoutOptions; root: HTMLElement }[] = [];
  const checkout: Checkout = {
    ready: Promise.resolve(undefined as unknown as Checkout),
    mountAll() {},
    init(options) {
      log.push(`init ${options.session}`);
      let entry: (typeof mounted)[number] | undefined;
      const handle: CheckoutHandle = {
        mount(target) {
          const root = document.createElement('div');
          root.className = 'ck-root';
          (target as Element).appendChild(root);
          entry = { options, root };
          mounted.push(entry);
          return handle;
        },
        update(partial) {
          log.push(`update ${JSON.stringify(partial)}`);
          if (entry) entry.options = { ...entry.options, ...partial };
          return handle;
        },
        unmount() {
          log.push(`unmount ${options.session}`);
          entry?.root.remove();
          mounted.splice(mounted.indexOf(entry!), 1);
        },
        submit: () => true,
      };
      return handle;
    },
  };
  return { checkout, log, mounted };
}

let root: Root | undefined;
let host: HTMLElement;
afterEach(async () => {
  await act(async () => root?.unmount());
  root = undefined;
  host?.remove();
});

async function render(
  checkout: PromiseLike<Checkout | null> | Checkout | null,
  props: CheckoutFormProps,
  strict = true,
) {
  const tree = (p: CheckoutFormProps) => {
    const app = createElement(CheckoutProvider, { checkout }, createElement(CheckoutForm, p));
    return strict ? createElement(StrictMode, null, app) : app;
  };
  if (!root) {
    host = document.createElement('main');
    document.body.appendChild(host);
    root = createRoot(host);
  }
  await act(async () => root!.render(tree(props)));
  return (next: CheckoutFormProps) => act(async () => root!.render(tree(next)));
}

describe('<CheckoutForm>', () => {
  it('under StrictMode (mount, unmount, mount) leaves one widget, and none once unmounted', async () => {
    const { checkout, log, mounted } = recordingCheckout();
    await render(Promise.resolve(checkout), { session: 'cs_1', clientSecret: 'sec_1' });
    await vi.waitFor(() => expect(host.querySelectorAll('.ck-root')).toHaveLength(1));
    expect(mounted).toHaveLength(1);
    expect(log.filter((l) => l.startsWith('init')).length).toBe(log.filter((l) => l.startsWith('unmount')).length + 1);
    await act(async () => root!.unmount());
    root = undefined;
    expect(mounted).toHaveLength(0);
    expect(host.querySelectorAll('.ck-root')).toHaveLength(0);
  });

  it('calls the latest callbacks, updates locale and appearance in place, and mounts again for another session', async () => {
    const { checkout, log, mounted } = recordingCheckout();
    const first = vi.fn();
    const rerender = await render(
      checkout,
      { session: 'cs_1', clientSecret: 'sec_1', locale: 'en', onCompleted: first },
      false,
    );
    expect(log).toEqual(['init cs_1']);
    const second = vi.fn();
    await rerender({ session: 'cs_1', clientSecret: 'sec_1', locale: 'en', onCompleted: second });
    const result = { payment_id: 'p', order_no: 'o', status: 'paid', outcome: 'paid' } as const;
    mounted[0]!.options.onCompleted?.(result);
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledWith(result);

    await rerender({ session: 'cs_1', clientSecret: 'sec_1', locale: 'fr', appearance: { theme: 'dark' } });
    expect(log).toEqual(['init cs_1', 'update {"locale":"fr","appearance":{"theme":"dark"}}']);
    // the same appearance written anew is no change
    await rerender({ session: 'cs_1', clientSecret: 'sec_1', locale: 'fr', appearance: { theme: 'dark' } });
    expect(log).toHaveLength(2);

    await rerender({ session: 'cs_2', clientSecret: 'sec_2', locale: 'fr' });
    expect(log.slice(2)).toEqual(['unmount cs_1', 'init cs_2']);
    expect(mounted.map((m) => [m.options.session, m.options.locale])).toEqual([['cs_2', 'fr']]);
  });

  it('gives the handle to handleRef, renders an empty div until the Checkout loads, and reports a failed load', async () => {
    const { checkout } = recordingCheckout();
    let resolve: (c: Checkout) => void = () => {};
    const handleRef: { current: CheckoutHandle | null } = { current: null };
    await render(new Promise<Checkout>((r) => (resolve = r)), {
      session: 'cs_1',
      clientSecret: 's',
      className: 'pay',
      handleRef,
    });
    expect(host.innerHTML).toBe('<div class="pay"></div>');
    expect(handleRef.current).toBeNull();
    await act(async () => resolve(checkout));
    expect(host.querySelectorAll('.pay > .ck-root')).toHaveLength(1);
    expect(handleRef.current?.submit()).toBe(true);

    await act(async () => root!.unmount());
    root = undefined;
    const onError = vi.fn();
    await render(Promise.reject(new Error('loadCheckout: could not load https://pay.example/widget.js')), {
      session: 'cs_1',
      clientSecret: 's',
      onError,
    });
    await vi.waitFor(() =>
      expect(onError).toHaveBeenCalledWith({
        code: 'load_failed',
        message: 'loadCheckout: could not load https://pay.example/widget.js',
      }),
    );
  });

  it('outside a CheckoutProvider, says where it must be', () => {
    const Probe = () => {
      useCheckout();
      return null;
    };
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      host = document.createElement('main');
      root = createRoot(host);
      expect(() => act(() => root!.render(createElement(Probe)))).toThrow(
        'useCheckout must be used inside <CheckoutProvider checkout={loadCheckout(...)}>',
      );
    } finally {
      errors.mockRestore();
    }
  });
});
