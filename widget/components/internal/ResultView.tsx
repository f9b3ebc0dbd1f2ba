import { useEffect, useRef } from 'preact/hooks';
import type { CheckoutResult } from '../../core/types';
import { useWidget } from './WidgetContext';

export interface ResultViewProps {
  result: CheckoutResult;
  /** move focus to the heading: only after the shopper acted, never on first load (it would steal the shop's focus) */
  focus: boolean;
  /** a failure always offers another method; a pending payment only once waiting for it has given up */
  offerRetry: boolean;
  onTryAgain: () => void;
}

/** Paid, being confirmed, or not paid; trying another method keeps the details typed so far. */
export function ResultView({ result, focus, offerRetry, onTryAgain }: ResultViewProps) {
  const { t } = useWidget();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focus) heading.current?.focus();
  }, [focus, result.outcome]);
  const order = { order: result.order_no };
  return (
    <div class="ck-status" data-outcome={result.outcome} role={result.outcome === 'failed' ? 'alert' : 'status'}>
      <h2 class="ck-heading" ref={heading} tabIndex={-1}>
        {t(`result.${result.outcome}.title`)}
      </h2>
      <p>{t(`result.${result.outcome}.body`, order)}</p>
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
