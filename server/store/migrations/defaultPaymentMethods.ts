import type { Insertable } from 'kysely';
import { DEMO_APMS } from '../../../shared/paymentMethods/shopperFields';
import type { PaymentMethodTable } from '..';

/**
 * The demo's payment methods (docs/architecture.md 6): the card iFrame and the four APMs the sandbox's demo account enables
 * (shared/paymentMethods/shopperFields.ts `DEMO_APMS`, which says the fields each asks for). Seeded once by a
 * migration; after that the table belongs to the shop owner (admin API).
 */
export function defaultPaymentMethods(now: string): Insertable<PaymentMethodTable>[] {
  const row = (
    m: Omit<
      Insertable<PaymentMethodTable>,
      'updated_at' | 'enabled' | 'labels' | 'countries' | 'currencies' | 'fields' | 'banks'
    > & {
      labels: Record<string, string>;
      countries?: string[];
      currencies?: string[];
      fields?: string[];
      banks?: { code: string; name: string }[];
    },
  ): Insertable<PaymentMethodTable> => ({
    ...m,
    labels: JSON.stringify(m.labels),
    countries: m.countries ? JSON.stringify(m.countries) : null,
    currencies: m.currencies ? JSON.stringify(m.currencies) : null,
    fields: JSON.stringify(m.fields ?? []),
    banks: m.banks ? JSON.stringify(m.banks) : null,
    enabled: 1,
    updated_at: now,
  });
  return [
    row({
      id: 'card',
      kind: 'card',
      payment_method: null,
      sort_order: 10,
      open3d: 'do3DS',
      labels: { en: 'Card', fr: 'Carte', de: 'Karte', pt: 'Cartão', es: 'Tarjeta', nl: 'Kaart', zh: '银行卡' },
    }),
    row({
      id: 'pix',
      kind: 'apm',
      payment_method: 'PIX',
      sort_order: 20,
      countries: ['BR'],
      currencies: ['BRL'],
      labels: { en: 'Pix', pt: 'Pix' },
    }),
    row({
      id: 'boleto',
      kind: 'apm',
      payment_method: 'BOLETO',
      sort_order: 30,
      countries: ['BR'],
      currencies: ['BRL'],
      fields: [...DEMO_APMS.BOLETO],
      labels: { en: 'Boleto', pt: 'Boleto bancário' },
    }),
    row({
      id: 'alipay',
      kind: 'apm',
      payment_method: 'ALIPAY',
      sort_order: 40,
      countries: ['CN'],
      currencies: ['CNY', 'USD'],
      labels: { en: 'Alipay', zh: '支付宝' },
    }),
    row({
      id: 'ideal',
      kind: 'apm',
      payment_method: 'IDEAL',
      sort_order: 50,
      countries: ['NL'],
      currencies: ['EUR'],
      fields: [...DEMO_APMS.IDEAL],
      labels: { en: 'iDEAL', nl: 'iDEAL' },
      banks: [
        { code: 'ABNANL2A', name: 'ABN AMRO' },
        { code: 'INGBNL2A', name: 'ING' },
        { code: 'RABONL2U', name: 'Rabobank' },
        { code: 'SNSBNL2A', name: 'SNS' },
        { code: 'ASNBNL21', name: 'ASN Bank' },
        { code: 'BUNQNL2A', name: 'bunq' },
      ],
    }),
  ];
}
