import type { SessionView, SubscriptionView } from '../../../shared/contract/session';
import { formatAmount } from '../../i18n/formatAmount';
import { useWidget } from './WidgetContext';

/** "3 months", in the shopper's language (Intl knows the unit words); the bare count and unit where it cannot. */
function formatPeriod(count: number, unit: SubscriptionView['interval'], locale: string): string {
  try {
    return new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'long' }).format(count);
  } catch {
    return `${count} ${unit}`;
  }
}

/** A YYYY-MM-DD date in the shopper's language, read as a calendar day (UTC), not a moment. */
function formatDay(day: string, locale: string): string {
  try {
    return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(
      new Date(`${day}T00:00:00Z`),
    );
  } catch {
    return day;
  }
}

/** What the shopper agrees to before paying: the contract, what it charges how often, how many times, from when to when. */
export function SubscriptionTerms({ session }: { session: SessionView & { subscription: SubscriptionView } }) {
  const { t, locale } = useWidget();
  const sub = session.subscription;
  const terms = [
    t('subscription.every', {
      amount: formatAmount(sub.contract_amount, session.currency, locale),
      period: formatPeriod(sub.interval_count, sub.interval, locale),
    }),
    sub.billing_cycle ? t('subscription.cycles', { count: sub.billing_cycle }) : '',
    sub.contract_start ? t('subscription.from', { date: formatDay(sub.contract_start, locale) }) : '',
    sub.contract_end ? t('subscription.until', { date: formatDay(sub.contract_end, locale) }) : '',
  ].filter(Boolean);
  return (
    <div class="ck-subscription">
      <h3 class="ck-heading">{t('subscription.title')}</h3>
      <p class="ck-note">
        <strong>{sub.contract_name}</strong>: {terms.join(', ')}
      </p>
    </div>
  );
}
