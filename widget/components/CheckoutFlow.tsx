import { useEffect, useRef, useState } from 'preact/hooks';
import type { SessionView } from '../../shared/contract/session';
import { ApiError } from '../../shared/contract/ApiError';
import { getSession } from '../core/api/getSession';
import { isHttpUrl } from '../core/isHttpUrl';
import { navigateTop } from '../core/navigateTop';
import type { PollOptions } from '../core/pollSession';
import { removeSavedCard } from '../core/api/removeSavedCard';
import { resultOf } from '../core/resultOf';
import { toCheckoutError } from '../core/toCheckoutError';
import type { CheckoutOptions, CheckoutResult, Notify } from '../core/types';
import type { FingerprintSource } from '../device/fingerprint';
import { describeProblem } from './internal/describeProblem';
import { LoadingView } from './internal/LoadingView';
import { OrderSummary } from './internal/OrderSummary';
import { ShopperForm } from './internal/ShopperForm';
import { useShopperForm } from './internal/useShopperForm';
import { useWidget } from './internal/WidgetContext';
import {
  abandonPayment,
  ApmRedirect,
  CardFrame,
  pollSession,
  ResultView,
  resumePayment,
  startPayment,
} from './lazyAfterPay';

/** a pending APM's issuer page and the method's label */
type Issuer = { url: string; label: string };

type Step =
  | { kind: 'form' }
  | { kind: 'frame'; url: string; paymentId: string; frameOrigin?: string | undefined }
  /** a payment found pending on load: its card page is asked for again before "waiting" is shown */
  | { kind: 'resuming'; result: CheckoutResult }
  | { kind: 'redirecting'; url: string; label: string }
  /** `issuer`: a pending APM's page (the Pix code, the Boleto voucher) the shopper can go back to */
  | { kind: 'result'; result: CheckoutResult; polling: boolean; issuer?: Issuer };

export interface CheckoutFlowProps {
  session: SessionView;
  options: CheckoutOptions;
  apiBase: string;
  win: Window;
  fingerprint: FingerprintSource;
  notify: Notify;
  announce: (text: string) => void;
  /** the session changed under us (already paid, expired): the app reloads it */
  onSessionStale: () => void;
  pollOptions?: PollOptions;
}

function firstStep(session: SessionView): Step {
  const result = resultOf(session);
  if (!result) return { kind: 'form' };
  const issuer = issuerOf(session);
  if (issuer) return { kind: 'result', result, polling: true, issuer };
  // a reload during card entry: only the backend knows if it was a card payment, so it is asked (an APM is a 409)
  if (session.payment?.status === 'pending') return { kind: 'resuming', result };
  return { kind: 'result', result, polling: result.outcome === 'pending' };
}

/** A pending APM's issuer page, when the session names one and it is a URL the widget may link to. */
function issuerOf(session: SessionView): Issuer | undefined {
  const payment = session.payment;
  if (payment?.status !== 'pending' || !payment.redirect_url || !isHttpUrl(payment.redirect_url)) return undefined;
  const label = session.methods.find((m) => m.id === payment.method)?.label ?? payment.method ?? '';
  return { url: payment.redirect_url, label };
}

/**
 * One session from form to result: validate, pay (one attempt at a time), show the card frame or leave for the
 * APM issuer, and show the outcome. The form state lives here, above the steps, so going back keeps what the
 * shopper typed.
 */
export function CheckoutFlow(props: CheckoutFlowProps) {
  const { session, options, apiBase, win, notify, announce } = props;
  const { t } = useWidget();
  const form = useShopperForm(session);
  const [step, setStep] = useState<Step>(() => firstStep(session));
  const [submitting, setSubmitting] = useState(false);
  const [formError, setFormError] = useState<string>();
  const [focusRequest, setFocusRequest] = useState<{ target: 'invalid' | 'method'; n: number }>();
  const inFlight = useRef(false);
  const acted = useRef(false);
  const root = useRef<HTMLDivElement>(null);

  const show = (result: CheckoutResult, issuer?: Issuer) => {
    setStep({ kind: 'result', result, polling: result.outcome === 'pending', ...(issuer ? { issuer } : {}) });
    notify.completed(result);
  };

  // A result message from the frame only says "ask now": what is shown is the backend's word on that payment, so
  // a forged "paid" shows nothing the backend has not confirmed. No answer: wait for the outcome by polling.
  const confirm = (paymentId: string) =>
    getSession(apiBase, session.id, options.clientSecret, options.locale).then(
      (fresh) => {
        const result = resultOf(fresh);
        if (result?.payment_id === paymentId) show(result);
      },
      () => show({ payment_id: paymentId, order_no: session.order_no, status: 'pending', outcome: 'pending' }),
    );

  useEffect(() => {
    // A payment found on load (the shopper came back from an APM or reloaded) is reported like a fresh one.
    if (step.kind === 'result') notify.completed(step.result);
    if (step.kind !== 'resuming') return;
    const { result } = step;
    let live = true;
    resumePayment(apiBase, session.id, result.payment_id, options.clientSecret).then(
      ({ action, payment_id }) => {
        if (!live) return;
        if (action.type === 'iframe' && isHttpUrl(action.url))
          setStep({ kind: 'frame', url: action.url, paymentId: payment_id, frameOrigin: action.frame_origin });
        else show(result);
      },
      // not a card, already settled, or no answer: wait for the outcome as before
      () => live && show(result),
    );
    return () => {
      live = false;
    };
  }, []);

  useEffect(() => {
    if (step.kind !== 'result' || !step.polling) return;
    return pollSession(
      () => getSession(apiBase, session.id, options.clientSecret, options.locale),
      {
        settled: (fresh) => {
          const result = resultOf(fresh);
          if (result) show(result);
        },
        gaveUp: () => setStep((s) => (s.kind === 'result' ? { ...s, polling: false } : s)),
      },
      props.pollOptions,
    );
  }, [step]);

  useEffect(() => {
    if (!focusRequest) return;
    const selector =
      focusRequest.target === 'invalid' ? '[aria-invalid="true"]' : 'input[type="radio"]:checked, input[type="radio"]';
    root.current?.querySelector<HTMLElement>(selector)?.focus();
  }, [focusRequest]);

  // The gateway did not answer clearly: the backend alone knows whether the payment may have been taken. An
  // outcome it does not know yet is shown as being checked (never "try again": it says "do not pay again") and
  // watched until it settles; anything else is a refusal before anything was sent.
  const unclear = () =>
    getSession(apiBase, session.id, options.clientSecret, options.locale).then(
      (fresh) => {
        const result = resultOf(fresh);
        if (result && result.outcome !== 'failed') show(result);
        else setFormError(t('error.gateway_unavailable'));
      },
      () => setFormError(t('error.network')),
    );

  const fail = (error: unknown) => {
    notify.error(toCheckoutError(error));
    if (error instanceof ApiError && error.code === 'gateway_unavailable') {
      void unclear();
      return;
    }
    if (error instanceof ApiError && (error.code === 'session_completed' || error.code === 'session_expired')) {
      props.onSessionStale();
      return;
    }
    if (error instanceof ApiError && error.fields.length) {
      const count = form.showServerErrors(error.fields);
      announce(t('invalid.summary', { count }));
      setFocusRequest((f) => ({ target: 'invalid', n: (f?.n ?? 0) + 1 }));
      return;
    }
    const message = t(error instanceof ApiError && error.code === 'network' ? 'error.network' : 'error.generic');
    setFormError(message);
  };

  const pay = async () => {
    if (inFlight.current) return;
    const method = form.method;
    if (!form.check() || !method) {
      const count = Object.keys(form.problems).length;
      if (count) announce(t('invalid.summary', { count }));
      setFocusRequest((f) => ({ target: 'invalid', n: (f?.n ?? 0) + 1 }));
      return;
    }
    inFlight.current = true;
    acted.current = true;
    setSubmitting(true);
    setFormError(undefined);
    try {
      const response = await startPayment({
        apiBase,
        session,
        clientSecret: options.clientSecret,
        method,
        shopper: form.shopper(),
        fields: form.bodyFields(),
        cardChoices: form.cardChoices(),
        // the card frame takes the widget's width and may grow to the viewport's height
        deviceContext: {
          frame: { width: root.current?.clientWidth ?? 0, height: win.innerHeight },
          ...(options.screeningCookie ? { screeningCookie: options.screeningCookie } : {}),
        },
        win,
        fingerprint: props.fingerprint,
        onSubmit: options.onSubmit,
      });
      if (!response) return;
      const { action, payment_id } = response;
      if (!isHttpUrl(action.url))
        throw new ApiError(0, 'invalid_action', 'the backend answered with an unusable payment URL');
      if (action.type === 'iframe') {
        setStep({ kind: 'frame', url: action.url, paymentId: payment_id, frameOrigin: action.frame_origin });
        return;
      }
      if ((await options.beforeRedirect?.({ url: action.url, method: method.id, payment_id })) === false) {
        // the shopper stays: the attempt is left, so it does not block the next Pay (README "beforeRedirect")
        await leave(payment_id);
        return;
      }
      setStep({ kind: 'redirecting', url: action.url, label: method.label });
      navigateTop(win, action.url);
    } catch (error) {
      fail(error);
    } finally {
      inFlight.current = false;
      setSubmitting(false);
    }
  };

  const backToForm = () => {
    setStep({ kind: 'form' });
    setFocusRequest((f) => ({ target: 'method', n: (f?.n ?? 0) + 1 }));
  };

  // Tells the backend the shopper left a pending payment. Answered false when the payment was settled meanwhile
  // (paid: its result is shown instead); a failure to reach the backend leaves the next Pay to explain itself.
  const leave = (paymentId: string): Promise<boolean> =>
    abandonPayment(apiBase, session.id, paymentId, options.clientSecret).then(
      () => true,
      (error: unknown) => {
        if (error instanceof ApiError && error.code === 'session_completed') {
          void confirm(paymentId);
          return false;
        }
        return true;
      },
    );

  const switchMethod = async (paymentId: string) => {
    if (await leave(paymentId)) backToForm();
  };

  return (
    <div ref={root}>
      <OrderSummary session={session} />
      {step.kind === 'form' && (
        <ShopperForm
          session={session}
          values={form.values}
          errors={Object.fromEntries(Object.entries(form.visible).map(([path, p]) => [path, describeProblem(t, p)]))}
          method={form.method}
          submitting={submitting}
          invalidCount={form.submitted ? Object.keys(form.visible).length : 0}
          formError={formError}
          onValue={form.setValue}
          onLeave={(path) => {
            form.leave(path);
            const problem = form.problems[path];
            if (problem) announce(describeProblem(t, problem));
          }}
          onDeliverySame={form.setDeliverySame}
          onSaveCard={form.setSaveCard}
          onRemoveCard={(id) =>
            removeSavedCard(apiBase, session.id, options.clientSecret, id).then(() => form.forgetCard(id))
          }
          onMethod={form.selectMethod}
          onSubmit={() => void pay()}
        />
      )}
      {step.kind === 'frame' && (
        <CardFrame
          url={step.url}
          origin={new URL(apiBase).origin}
          frameOrigin={step.frameOrigin}
          paymentId={step.paymentId}
          onResult={confirm}
          onBack={() => void switchMethod(step.paymentId)}
          resume={() => resumePayment(apiBase, session.id, step.paymentId, options.clientSecret)}
          focus={acted.current}
        />
      )}
      {step.kind === 'resuming' && <LoadingView />}
      {step.kind === 'redirecting' && <ApmRedirect url={step.url} methodLabel={step.label} />}
      {step.kind === 'result' && (
        <ResultView
          result={step.result}
          session={session}
          focus={acted.current}
          offerRetry={step.result.outcome === 'failed' || (step.result.outcome === 'pending' && !step.polling)}
          onTryAgain={step.result.outcome === 'pending' ? () => void switchMethod(step.result.payment_id) : backToForm}
          {...(step.issuer
            ? { issuer: step.issuer, onChangeMethod: () => void switchMethod(step.result.payment_id) }
            : {})}
        />
      )}
    </div>
  );
}
