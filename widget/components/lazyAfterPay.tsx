import { type Attributes, type FunctionComponent, h } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { ApiError } from '../../shared/contract/ApiError';
import type { PaymentAttempt } from '../core/startPayment';
import { computeFingerprint } from '../device/computeFingerprint';
import type { FingerprintSource } from '../device/fingerprint';
import { LoadingView } from './internal/LoadingView';

type AfterPay = typeof import('./afterPay');

let loaded: AfterPay | undefined;
let loading: Promise<AfterPay> | undefined;

/**
 * The after-Pay chunk (afterPay.ts), loaded once. The widget asks for it as soon as the form is shown
 * (mountInstance's `ready`), and before showing a session that already has a payment (CheckoutApp), so the views
 * below render at once in practice. A chunk that could not load is asked for again on the next call, and the
 * failure reads as a network error: the shopper sees "check your connection" and can press Pay again.
 */
export function loadAfterPay(): Promise<AfterPay> {
  loading ??= import('./afterPay').then(
    (module) => (loaded = module),
    (cause: unknown) => {
      loading = undefined;
      throw new ApiError(0, 'network', cause instanceof Error ? cause.message : 'the payment code did not load');
    },
  );
  return loading;
}

/** A view of the chunk: itself once loaded, the loading view until then. */
function lazyView<P>(pick: (chunk: AfterPay) => FunctionComponent<P>) {
  return function LazyView(props: P) {
    const [, setLoaded] = useState(!!loaded);
    useEffect(() => {
      let live = true;
      if (!loaded)
        loadAfterPay().then(
          () => live && setLoaded(true),
          () => {},
        );
      return () => {
        live = false;
      };
    }, []);
    return loaded ? h(pick(loaded), props as Attributes & P) : <LoadingView />;
  };
}

export const CardFrame = lazyView((chunk) => chunk.CardFrame);
export const ApmRedirect = lazyView((chunk) => chunk.ApmRedirect);
export const ResultView = lazyView((chunk) => chunk.ResultView);

/** core/startPayment.ts, from the chunk. */
export async function startPayment(attempt: PaymentAttempt): ReturnType<AfterPay['startPayment']> {
  return (await loadAfterPay()).startPayment(attempt);
}

/** core/api/resumePayment.ts, from the chunk. */
export async function resumePayment(
  ...args: Parameters<AfterPay['resumePayment']>
): ReturnType<AfterPay['resumePayment']> {
  return (await loadAfterPay()).resumePayment(...args);
}

/** core/api/abandonPayment.ts, from the chunk: an attempt is abandoned only once there is one. */
export async function abandonPayment(
  ...args: Parameters<AfterPay['abandonPayment']>
): ReturnType<AfterPay['abandonPayment']> {
  return (await loadAfterPay()).abandonPayment(...args);
}

/** core/pollSession.ts, from the chunk: polling starts once it is there, and the returned stop works before that. */
export function pollSession(...args: Parameters<AfterPay['pollSession']>): () => void {
  let stop: (() => void) | undefined;
  let stopped = false;
  loadAfterPay().then(
    (chunk) => {
      if (!stopped) stop = chunk.pollSession(...args);
    },
    // no chunk, no polling: the result screen keeps saying "being confirmed", as when polling gives up
    () => args[1].gaveUp(),
  );
  return () => {
    stopped = true;
    stop?.();
  };
}

let fingerprint: Promise<FingerprintSource> | undefined;

/**
 * The page's one fingerprint (device/fingerprint.ts, shared by every widget on it), its scheduling code from the
 * chunk: nothing of it runs before the form is shown (`start`) or paid (`read`). A chunk that cannot load leaves
 * the fingerprint empty, as a blocked one does, and is asked for again next time.
 */
export function pageFingerprint(win: Window): FingerprintSource {
  const source = () =>
    (fingerprint ??= loadAfterPay().then(
      (chunk) => chunk.createFingerprintSource(win, computeFingerprint),
      (error: unknown) => {
        fingerprint = undefined;
        throw error;
      },
    ));
  return {
    start: () =>
      source().then(
        (s) => s.start(),
        () => '',
      ),
    read: (timeoutMs) =>
      source().then(
        (s) => s.read(timeoutMs),
        () => '',
      ),
  };
}
