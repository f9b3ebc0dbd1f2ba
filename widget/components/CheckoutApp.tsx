import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { SessionView } from '../../shared/contract/session';
import { ApiError } from '../../shared/contract/ApiError';
import { getSession } from '../core/api/getSession';
import { resultOf } from '../core/resultOf';
import type { PollOptions } from '../core/pollSession';
import { toCheckoutError } from '../core/toCheckoutError';
import type { CheckoutOptions, Notify } from '../core/types';
import type { FingerprintSource } from '../device/fingerprint';
import { en, type MessageKey, type Messages } from '../i18n/en';
import { loadMessages } from '../i18n/loadMessages';
import { canonicalTag, directionOf, type Locale, preferredTag, resolveLocale } from '../i18n/resolveLocale';
import { createTranslate } from '../i18n/translate';
import { CheckoutFlow } from './CheckoutFlow';
import { Announcer, type Announcement } from './internal/Announcer';
import { ErrorView } from './internal/ErrorView';
import { LoadingView } from './internal/LoadingView';
import { WidgetContext } from './internal/WidgetContext';
import { loadAfterPay } from './lazyAfterPay';

export interface CheckoutAppProps {
  options: CheckoutOptions;
  apiBase: string;
  /** prefix of every DOM id inside this instance */
  idPrefix: string;
  win: Window;
  fingerprint: FingerprintSource;
  notify: Notify;
  pollOptions?: PollOptions;
  /** the language the widget shows and its direction, for the root's `lang` and `dir` */
  onLanguage?: (lang: Locale, dir: 'ltr' | 'rtl') => void;
}

type Load =
  | { kind: 'loading' }
  | { kind: 'loaded'; session: SessionView }
  | { kind: 'unavailable'; messageKey: MessageKey; retry?: boolean; back?: string | undefined };

function unavailable(error: unknown): Load {
  const code = error instanceof ApiError ? error.code : '';
  if (code === 'session_expired' || code === 'session_completed' || code === 'origin_not_allowed')
    return { kind: 'unavailable', messageKey: `error.${code}` };
  if (code === 'network' || (error instanceof ApiError && error.status >= 500))
    return { kind: 'unavailable', messageKey: 'error.network', retry: true };
  return { kind: 'unavailable', messageKey: 'error.session' };
}

/**
 * The widget: loads the session and the shopper's language together, then hands over to CheckoutFlow. The locale
 * is the shop's choice (option, then the session's), then the first of the browser's languages the widget ships;
 * nothing is shown in a language that is about to change.
 */
export function CheckoutApp(props: CheckoutAppProps) {
  const { options, apiBase, win, notify } = props;
  const [load, setLoad] = useState<Load>({ kind: 'loading' });
  const [generation, setGeneration] = useState(0);
  const [i18n, setI18n] = useState<{ tag: string; locale: Locale; messages: Partial<Messages> }>();
  const [announcement, setAnnouncement] = useState<Announcement>();
  const readyFired = useRef(false);
  const seenGeneration = useRef(generation);

  const session = load.kind === 'loaded' ? load.session : undefined;
  const browser = win.navigator.languages?.length ? win.navigator.languages : [win.navigator.language];
  const wantedTag = options.locale ?? session?.locale ?? preferredTag(browser) ?? 'en';

  useEffect(() => {
    let live = true;
    const locale = resolveLocale(wantedTag);
    void loadMessages(locale).then((messages) => live && setI18n({ tag: wantedTag, locale, messages }));
    return () => {
      live = false;
    };
  }, [wantedTag]);

  const shownLocale = i18n?.locale ?? 'en';
  useLayoutEffect(() => props.onLanguage?.(shownLocale, directionOf(shownLocale)), [shownLocale]);

  useEffect(() => {
    let live = true;
    // A new locale refetches the same session for its labels and keeps the form and what was typed; a reload
    // asked for (generation) starts over from what the backend says.
    const sameGeneration = seenGeneration.current === generation;
    seenGeneration.current = generation;
    setLoad((prev) =>
      sameGeneration && prev.kind === 'loaded' && prev.session.id === options.session ? prev : { kind: 'loading' },
    );
    getSession(apiBase, options.session, options.clientSecret, options.locale)
      // a session that already holds a payment opens on its result or card frame, views of the after-Pay chunk:
      // it is fetched first, so that `ready` never comes with an empty screen
      .then((fresh) => (resultOf(fresh) ? loadAfterPay().then(() => fresh) : fresh))
      .then(
        // an expired session with nothing paid is no form to fill: it says so, with the way back to the shop
        (fresh) =>
          live &&
          setLoad(
            fresh.expired
              ? { kind: 'unavailable', messageKey: 'error.session_expired', back: fresh.return_url }
              : { kind: 'loaded', session: fresh },
          ),
        (error: unknown) => {
          if (!live) return;
          setLoad(unavailable(error));
          notify.error(toCheckoutError(error));
        },
      );
    return () => {
      live = false;
    };
  }, [apiBase, options.session, options.clientSecret, options.locale, generation]);

  // Until the first messages arrive, English; afterwards a locale change keeps the old text until the new is in.
  const messages = i18n?.messages ?? en;
  const context = useMemo(
    () => ({
      t: createTranslate(messages),
      locale: canonicalTag(wantedTag) ?? 'en',
      idFor: (path: string) => `${props.idPrefix}-${path.replace(/\./g, '-')}`,
    }),
    [messages, wantedTag, props.idPrefix],
  );
  const shown = load.kind !== 'loading' && (readyFired.current || i18n?.tag === wantedTag);

  // A layout effect, so `ready` precedes the `completed` that CheckoutFlow reports (in an effect) for a payment
  // found on load.
  useLayoutEffect(() => {
    if (shown && !readyFired.current) {
      readyFired.current = true;
      notify.ready();
    }
  }, [shown]);

  return (
    <WidgetContext.Provider value={context}>
      <Announcer announcement={announcement} />
      {!shown && <LoadingView />}
      {shown && load.kind === 'unavailable' && (
        <ErrorView
          messageKey={load.messageKey}
          onRetry={load.retry ? () => setGeneration((g) => g + 1) : undefined}
          back={load.back}
        />
      )}
      {shown && load.kind === 'loaded' && (
        <CheckoutFlow
          key={`${generation}:${load.session.id}`}
          session={load.session}
          options={options}
          apiBase={apiBase}
          win={win}
          fingerprint={props.fingerprint}
          notify={notify}
          announce={(text) => setAnnouncement((a) => ({ text, id: (a?.id ?? 0) + 1 }))}
          onSessionStale={() => setGeneration((g) => g + 1)}
          pollOptions={props.pollOptions}
        />
      )}
    </WidgetContext.Provider>
  );
}
