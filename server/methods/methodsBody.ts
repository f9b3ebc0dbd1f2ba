import { z } from 'zod';
import { countryCode, currencyCode, decimalString } from '../../shared/contract/primitives';
import { CODED_VALUES, MAX_LENGTH } from '../../shared/gateway/fields';
import { methodLimitIssues } from '../../shared/paymentMethods/methodLimitIssues';
import { METHOD_FIELDS } from '../../shared/paymentMethods/shopperFields';

/** Installment counts a card method may offer: paying at once (1) needs no plan, 48 months is the longest. */
const INSTALLMENTS_MIN = 2;
const INSTALLMENTS_MAX = 48;

const method = z.strictObject({
  id: z.string().regex(/^[a-z0-9_-]{1,40}$/, 'must be 1 to 40 lower-case letters, digits, "-" or "_"'),
  kind: z.enum(['card', 'apm'], { error: 'must be "card" (the checkout iFrame) or "apm"' }),
  payment_method: z
    .string()
    .min(1, 'must not be empty')
    .max(MAX_LENGTH.payment_method, `must be at most ${MAX_LENGTH.payment_method} characters`)
    .regex(/^[A-Z0-9_]+$/, 'must be the gateway code in capitals, e.g. "PIX"')
    .optional(),
  labels: z.record(
    z.string().regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/, 'must be a language tag such as "en" or "pt-BR"'),
    z.string().trim().min(1, 'must not be empty').max(100, 'must be at most 100 characters'),
  ),
  enabled: z.boolean({ error: 'must be true or false' }),
  sort: z.number({ error: 'must be a number' }).int('must be a whole number').min(0, 'must be 0 or more').max(100_000),
  countries: z.array(countryCode).max(250).default([]),
  currencies: z.array(currencyCode).max(200).default([]),
  min_amount: decimalString.optional(),
  max_amount: decimalString.optional(),
  fields: z
    .array(z.enum(METHOD_FIELDS, { error: `must be one of ${METHOD_FIELDS.join(', ')}` }))
    .max(METHOD_FIELDS.length)
    .default([]),
  open3d: z.enum(CODED_VALUES.open3d, { error: 'must be "do3DS" or "no3DS"' }).optional(),
  banks: z
    .array(z.strictObject({ code: z.string().min(1).max(50), name: z.string().min(1, 'must not be empty').max(100) }))
    .max(200)
    .optional(),
  /** the installment counts the shopper may pick (method_options); absent = keep the method's current plans */
  installments: z
    .array(
      z
        .number({ error: 'must be a number' })
        .int('must be a whole number')
        .min(INSTALLMENTS_MIN, `must be from ${INSTALLMENTS_MIN} to ${INSTALLMENTS_MAX}`)
        .max(INSTALLMENTS_MAX, `must be from ${INSTALLMENTS_MIN} to ${INSTALLMENTS_MAX}`),
    )
    .max(INSTALLMENTS_MAX - INSTALLMENTS_MIN + 1)
    .optional(),
  /** the interest per installment count, as a percentage of the amount (e.g. {"6": "1.99"}); shown to the shopper */
  installment_interest: z
    .record(
      z.string().regex(/^\d{1,2}$/, 'must be an installment count'),
      z.string().regex(/^\d{1,3}(\.\d{1,2})?$/, 'must be a percentage with up to 2 decimals, e.g. "1.99"'),
    )
    .optional(),
});

export type MethodInput = z.infer<typeof method>;

/**
 * `PUT /admin/api/payment-methods` body: the whole list. Beyond each field's format: ids are unique, an APM
 * names its gateway code and a card does not, only cards offer installments (unique counts in increasing
 * order), English labels exist (the fallback of every locale), and the
 * amount limits are exact in the method's currencies, which must then share one number of decimals (the limits
 * are kept in minor units, compared with the session's amount).
 */
export const methodsBody = z.strictObject({
  methods: z
    .array(method)
    .max(100, 'must have at most 100 methods')
    .superRefine((methods, ctx) => {
      const seen = new Set<string>();
      methods.forEach((m, i) => {
        const issue = (path: (string | number)[], message: string) =>
          ctx.addIssue({ code: 'custom', path: [i, ...path], message });
        if (seen.has(m.id)) issue(['id'], 'is used by another method');
        seen.add(m.id);
        if (!m.labels.en) issue(['labels', 'en'], 'is required: it is the fallback for every other language');
        if (m.kind === 'apm' && !m.payment_method)
          issue(['payment_method'], 'is required for an APM (the gateway code, e.g. PIX)');
        if (m.kind === 'card' && m.payment_method)
          issue(['payment_method'], 'is only for APMs; a card is paid in the checkout iFrame');
        if (m.kind === 'apm' && m.open3d) issue(['open3d'], 'is only for cards');
        if (m.kind === 'apm' && m.installments?.length)
          issue(['installments'], 'is only for cards: installments are chosen in the checkout iFrame');
        for (const [count, percent] of Object.entries(m.installment_interest ?? {})) {
          if (!m.installments?.includes(Number(count)))
            issue(['installment_interest', count], 'must be one of the counts in installments');
          else if (Number(percent) > 100) issue(['installment_interest', count], 'must be at most 100');
        }
        // unique and sorted, so the shopper's choice list reads in order and a count maps to one plan
        m.installments?.forEach((count, j) => {
          const before = m.installments![j - 1];
          if (before === undefined) return;
          if (count === before) issue(['installments', j], 'is listed twice');
          else if (count < before)
            issue(['installments', j], 'must be greater than the count before it (list them in increasing order)');
        });
        for (const { field, message } of methodLimitIssues(m)) issue([field], message);
      });
    }),
});
