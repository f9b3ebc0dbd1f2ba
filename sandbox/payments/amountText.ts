import { CURRENCY_EXPONENT } from '../../shared/gateway/currencies';
import { toDecimal } from '../../shared/gateway/money';
import type { TransactionRow } from '../store/transactions';

/**
 * The amount as the pages show it, in the shopper's language (the request's `browser_lang`) and formatted as the
 * widget formats it (widget/i18n/formatAmount.ts: Intl with the currency's ISO 4217 digits), so the Pay button
 * reads `$33.00` in the widget and on the card page alike; "USD 33.00" when the language is unknown to Intl.
 */
export function amountText(tx: Pick<TransactionRow, 'currency' | 'amount_minor' | 'request_json'>): string {
  const decimal = toDecimal(tx.amount_minor, tx.currency);
  const digits = CURRENCY_EXPONENT[tx.currency];
  try {
    const lang = (JSON.parse(tx.request_json) as { browser_lang?: unknown }).browser_lang;
    return formatter(typeof lang === 'string' && lang ? lang : 'en', tx.currency, digits).format(
      decimal as Intl.StringNumericLiteral,
    );
  } catch {
    return `${tx.currency} ${decimal}`;
  }
}

/** Formatters made so far, by language and currency: making one costs far more than formatting with it. */
const formatters = new Map<string, Intl.NumberFormat>();
/** The most kept: the language is the request's, any text; past this many the oldest is dropped. */
const MAX_FORMATTERS = 100;

function formatter(lang: string, currency: string, digits: number | undefined): Intl.NumberFormat {
  const key = `${lang}\n${currency}`;
  let made = formatters.get(key);
  if (!made) {
    made = new Intl.NumberFormat(lang, {
      style: 'currency',
      currency,
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
    if (formatters.size >= MAX_FORMATTERS) formatters.delete(formatters.keys().next().value!);
    formatters.set(key, made);
  }
  return made;
}
