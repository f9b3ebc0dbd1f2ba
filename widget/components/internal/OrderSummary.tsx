import type { SessionView } from '../../../shared/contract/session';
import { lineTotal, toDecimal, toMinor } from '../../../shared/gateway/money';
import { formatAmount } from '../../i18n/formatAmount';
import { SubscriptionTerms } from './SubscriptionTerms';
import { useWidget } from './WidgetContext';

/** unit price x quantity, exact in minor units; the unit price alone if the backend sent an odd amount. */
function lineAmount(unitPrice: string, quantity: number, currency: string): string {
  try {
    return toDecimal(lineTotal(toMinor(unitPrice, currency), quantity), currency);
  } catch {
    return unitPrice;
  }
}

/**
 * What is being paid for: the items and the total the backend fixed (the browser never changes an amount), and
 * the terms of the subscription it starts, if any.
 */
export function OrderSummary({ session }: { session: SessionView }) {
  const { t, locale, idFor } = useWidget();
  const money = (amount: string) => formatAmount(amount, session.currency, locale);
  return (
    <section class="ck-summary" aria-labelledby={idFor('summary')}>
      <h2 class="ck-heading" id={idFor('summary')}>
        {t('summary.title')}
      </h2>
      {session.items.length > 0 && (
        <ul class="ck-lines">
          {session.items.map((item) => (
            <li key={item.sku} class="ck-line">
              <span>{t('summary.line', { quantity: item.quantity, name: item.name })}</span>
              <span>{money(lineAmount(item.unit_price, item.quantity, session.currency))}</span>
            </li>
          ))}
        </ul>
      )}
      <dl class="ck-total">
        <dt>{t('summary.total')}</dt>
        <dd>{money(session.amount)}</dd>
      </dl>
      {session.subscription && <SubscriptionTerms session={{ ...session, subscription: session.subscription }} />}
    </section>
  );
}
