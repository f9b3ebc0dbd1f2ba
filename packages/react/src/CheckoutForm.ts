import type { CheckoutHandle, CheckoutOptions } from '@checkout/js';
import { type CSSProperties, createElement, type ReactElement, useEffect, useRef } from 'react';
import { useCheckoutState } from './CheckoutProvider';

export interface CheckoutFormProps extends CheckoutOptions {
  /** the element the widget renders into: its class, id and style */
  className?: string;
  id?: string;
  style?: CSSProperties;
  /** set to the mounted widget's handle (its `submit()` for a Pay button of your own), null when none */
  handleRef?: { current: CheckoutHandle | null };
}

/**
 * The widget for one session, mounted into a `<div>` of its own once the provider's Checkout has loaded: on the
 * server and until then the `<div>` is empty. Another `session`, `clientSecret`, `apiBase` or `screeningCookie`
 * mounts the widget again; another `locale` or `appearance` updates it in place; the callbacks may change on every
 * render (the latest ones are called). Unmounting the component unmounts the widget, so React's StrictMode
 * (mount, unmount, mount) leaves one widget. A script that fails to load calls `onError` with `load_failed`.
 */
export function CheckoutForm(props: CheckoutFormProps): ReactElement {
  const { checkout, error } = useCheckoutState('<CheckoutForm>');
  const { session, clientSecret, apiBase, screeningCookie, locale, appearance, className, id, style, handleRef } =
    props;
  const element = useRef<HTMLDivElement>(null);
  const latest = useRef(props);
  latest.current = props;
  const mounted = useRef<{ handle: CheckoutHandle; locale?: string; appearance: string } | null>(null);
  const appearanceKey = JSON.stringify(appearance ?? null);

  useEffect(() => {
    const host = element.current;
    if (!checkout || !host) return;
    const options: CheckoutOptions = {
      session,
      clientSecret,
      ...(apiBase === undefined ? {} : { apiBase }),
      ...(screeningCookie === undefined ? {} : { screeningCookie }),
      ...(latest.current.locale === undefined ? {} : { locale: latest.current.locale }),
      ...(latest.current.appearance === undefined ? {} : { appearance: latest.current.appearance }),
      onReady: () => latest.current.onReady?.(),
      onSubmit: (data) => latest.current.onSubmit?.(data),
      beforeRedirect: (data) => latest.current.beforeRedirect?.(data),
      onCompleted: (result) => latest.current.onCompleted?.(result),
      onError: (e) => latest.current.onError?.(e),
    };
    const handle = checkout.init(options).mount(host);
    mounted.current = {
      handle,
      ...(latest.current.locale === undefined ? {} : { locale: latest.current.locale }),
      appearance: JSON.stringify(latest.current.appearance ?? null),
    };
    if (handleRef) handleRef.current = handle;
    return () => {
      handle.unmount();
      mounted.current = null;
      if (handleRef?.current === handle) handleRef.current = null;
    };
  }, [checkout, session, clientSecret, apiBase, screeningCookie, handleRef]);

  useEffect(() => {
    const now = mounted.current;
    if (!now || (now.locale === locale && now.appearance === appearanceKey)) return;
    now.handle.update({
      ...(locale === undefined ? {} : { locale }),
      ...(appearance === undefined ? {} : { appearance }),
    });
    now.locale = locale;
    now.appearance = appearanceKey;
  }, [locale, appearance, appearanceKey]); // a new but equal appearance object changes nothing: compared by its JSON

  useEffect(() => {
    if (error) latest.current.onError?.({ code: 'load_failed', message: error.message });
  }, [error]);

  return createElement('div', { ref: element, className, id, style });
}
