import { useEffect, useRef } from 'preact/hooks';
import type { SessionView } from '../../../shared/contract/session';
import type { CheckoutResult } from '../../core/types';
import { formatAmount } from '../../i18n/formatAmount';
import { useWidget } from './WidgetContext';
import '../../i18n/registerAfterPayMessages';

export interface ResultViewProps {
  result: CheckoutResult;
  /** move focus to the heading: only after the shopper acted, never on first load (it would steal the shop's focus) */
  focus: boolean;
  /** a failure always offers another method; a pending payment only once waiting for it has given up */
  offerRetry: boolean;
  onTryAgain: () => void;
  /** a pending APM: its issuer page (the Pix code, the Boleto voucher) and the method's label */
  issuer?: { url: string; label: string };
  /** leave the pending APM for another method */
  onChangeMethod?: () => void;
  /**
   * the session as loaded: its payment's method (does its issuer page hold a code or voucher?) and a double
   * payment's second payment, with how it is given back
   */
  session: SessionView;
}

/** The gateway codes of the methods whose issuer page holds something to pay with (a Pix code, a voucher). */
const VOUCHER = /^(PIX|BOLETO|OXXO|SPEI|KONBINI|MULTIBANCO|PAGOFACIL|RAPIPAGO|EFECTY|BALOTO)/i;

/** Paid, being confirmed, or not paid; trying another method keeps the details typed so far. */
export function ResultView({
  result,
  focus,
  offerRetry,
  onTryAgain,
  issuer,
  onChangeMethod,
  session,
}: ResultViewProps) {
  const { t, locale } = useWidget();
  const extra = session.extra_payment;
  const code = session.methods.find((m) => m.id === session.payment?.method)?.payment_method;
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focus) heading.current?.focus();
  }, [focus, result.outcome]);
  if (issuer && result.outcome === 'pending') {
    // nothing is paid yet: say so, and offer both ways on (back to the issuer's page, or another method)
    return (
      <div class="ck-status" data-outcome="pending" data-pending="issuer" role="status">
        <h2 class="ck-heading" ref={heading} tabIndex={-1}>
          {t('result.issuer.title', { method: issuer.label })}
        </h2>
        <p>
          {t(VOUCHER.test(code ?? '') ? 'result.issuer.body_code' : 'result.issuer.body', {
            method: issuer.label,
          })}
        </p>
        <a class="ck-link" href={issuer.url} target="_top">
          {t('apm.back', { method: issuer.label })}
        </a>
        <button type="button" class="ck-button ck-button-secondary" onClick={onChangeMethod}>
          {t('card.change_method')}
        </button>
      </div>
    );
  }
  // an outcome the backend does not know yet: the backend's own words, "do not pay again"; an authorisation is
  // money held, not taken (the shop may still cancel it); a review is the shop's decision, not the shopper's to retry
  const key = result.status === 'unknown' || result.status === 'authorised' ? result.status : result.outcome;
  const body = result.status === 'review' ? 'result.review.body' : (`result.${key}.body` as const);
  return (
    <div class="ck-status" data-outcome={result.outcome} role={result.outcome === 'failed' ? 'alert' : 'status'}>
      <h2 class="ck-heading" ref={heading} tabIndex={-1}>
        {t(`result.${key}.title`)}
      </h2>
      <p>{t(body)}</p>
      {result.outcome === 'failed' && result.reason && <p class="ck-note">{t(`decline.${result.reason}`)}</p>}
      {extra && (
        <p class="ck-note" data-extra-payment={extra.refund}>
          {t(`result.extra.${extra.refund}`, {
            amount: formatAmount(extra.amount, extra.currency, locale),
            date: extra.refund_at
              ? new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(
                  new Date(extra.refund_at),
                )
              : '',
          })}
        </p>
      )}
      {result.outcome === 'pending' && !offerRetry && <div class="ck-spinner" aria-hidden="true" />}
      {offerRetry && result.status !== 'review' && (
        <button type="button" class="ck-button ck-button-secondary" onClick={onTryAgain}>
          {t('result.try_again')}
        </button>
      )}
    </div>
  );
}
