import type { Checkout } from '@checkout/js';
import {
  createContext,
  createElement,
  type ReactElement,
  type ReactNode,
  useContext,
  useEffect,
  useState,
} from 'react';

interface CheckoutState {
  /** the loaded Checkout; null while loading, on the server, or when the load failed */
  checkout: Checkout | null;
  /** why the widget's script could not load */
  error: Error | null;
}

const CheckoutContext = createContext<CheckoutState | null>(null);

export interface CheckoutProviderProps {
  /**
   * `loadCheckout(...)`'s Promise, created once outside any component (a new Promise on each render would load
   * nothing new but reset the provider), or an already loaded Checkout, or null.
   */
  checkout: PromiseLike<Checkout | null> | Checkout | null;
  children?: ReactNode;
}

const isPromise = (value: unknown): value is PromiseLike<Checkout | null> =>
  typeof (value as PromiseLike<unknown> | null)?.then === 'function';

/** Gives the components below it the loaded Checkout; renders its children at once (they wait for it). */
export function CheckoutProvider({ checkout, children }: CheckoutProviderProps): ReactElement {
  const [state, setState] = useState<CheckoutState>(() => ({
    checkout: isPromise(checkout) ? null : checkout,
    error: null,
  }));
  useEffect(() => {
    if (!isPromise(checkout)) {
      setState({ checkout, error: null });
      return;
    }
    let current = true;
    checkout.then(
      (loaded) => current && setState({ checkout: loaded, error: null }),
      (error: unknown) =>
        current && setState({ checkout: null, error: error instanceof Error ? error : new Error(String(error)) }),
    );
    return () => {
      current = false;
    };
  }, [checkout]);
  return createElement(CheckoutContext.Provider, { value: state }, children);
}

/** The provider's state; `who` names the caller in the error outside a provider. */
export function useCheckoutState(who: string): CheckoutState {
  const state = useContext(CheckoutContext);
  if (!state) throw new Error(`${who} must be used inside <CheckoutProvider checkout={loadCheckout(...)}>`);
  return state;
}

/** The loaded Checkout (`init`, `mountAll`, `ready`), or null while it loads and on the server. */
export function useCheckout(): Checkout | null {
  return useCheckoutState('useCheckout').checkout;
}
