import { useEffect, useRef } from 'preact/hooks';
import type { CheckoutResult } from '../../core/types';
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
}

/** Paid, being confirmed, or not paid; trying another method keeps the details typed so far. */
export function ResultView({ result, focus, offerRetry, onTryAgain, issuer, onChangeMethod }: ResultViewProps) {
  const { t } = useWidget();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focus) heading.current?.focus();
  }, [focus, result.outcome]);
  const order = { order: result.order_no };
  if (issuer && result.outcome === 'pending') {
    // nothing is paid yet: say so, and offer both ways on (back to the issuer's page, or another method)
    return (
      <div class="ck-status" data-outcome="pending" data-pending="issuer" role="status">
        <h2 class="ck-heading" ref={heading} tabIndex={-1}>
          {t('result.issuer.title', { method: issuer.label })}
        </h2>
        <p>{t('result.issuer.body', { ...order, method: issuer.label })}</p>
        <a class="ck-link" href={issuer.url} target="_top">
          {t('apm.back', { method: issuer.label })}
        </a>
        <button type="button" class="ck-button ck-button-secondary" onClick={onChangeMethod}>
          {t('card.change_method')}
        </button>
      </div>
    );
  }
  // an outcome the backend does not know yet: the backend's own words, "do not pay again"
  const key = result.status === 'unknown' ? 'unknown' : result.outcome;
  return (
    <div class="ck-status" data-outcome={result.outcome} role={result.outcome === 'failed' ? 'alert' : 'status'}>
      <h2 class="ck-heading" ref={heading} tabIndex={-1}>
        {t(`result.${key}.title`)}
      </h2>
      <p>{t(`result.${key}.body`, order)}</p>
      {result.outcome === 'failed' && result.reason && <p class="ck-note">{t(`decline.${result.reason}`)}</p>}
      {result.outcome === 'pending' && !offerRetry && <div class="ck-spinner" aria-hidden="true" />}
      {offerRetry && (
        <button type="button" class="ck-button ck-button-secondary" onClick={onTryAgain}>
          {t('result.try_again')}
        </button>
      )}
    </div>
  );
}
