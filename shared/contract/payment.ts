import { z } from 'zod';
import {
  VALUE_FIELDS,
  type BodyValueKey,
  type ShopperValueKey,
  type ValueField,
  type ValueKey,
} from '../paymentMethods/shopperFields';
import { birthDate, countryCode, decimalString, email, text } from './primitives';

/** A single shopper field's value by its shape (shared/paymentMethods/shopperFields.ts); all are optional here. */
const VALUE_SCHEMAS: Record<NonNullable<ValueField['format']> | 'text', (f: ValueField) => z.ZodString> = {
  phone: () => z.string().regex(/^\+?[0-9 ()-]{6,30}$/, 'must be a phone number, e.g. "+55 11 91234 5678"'),
  date: () => birthDate,
  text: (f) => text(f.max),
};

/**
 * The single fields in the body's `shopper` (or, `body`, beside it), each optional: a method that asks for one
 * makes it required (missingMethodFields, which knows the method).
 */
function valueSchemas<K extends ValueKey>(body: boolean): Record<K, z.ZodOptional<z.ZodString>> {
  return Object.fromEntries(
    VALUE_FIELDS.filter(([, f]) => !f.body === !body).map(([key, f]) => [
      key,
      VALUE_SCHEMAS[f.format ?? 'text'](f).optional(),
    ]),
  ) as Record<K, z.ZodOptional<z.ZodString>>;
}

/** `POST /api/sessions/:id/payments` body: who pays and from which device. Never an amount. */
const address = z.strictObject({
  country: countryCode,
  state: text(100).optional().default(''),
  city: text(100).min(1, 'is required'),
  address: text(300).min(1, 'is required'),
  postal_code: text(20).min(1, 'is required'),
  /** asked by methods that need the payer's `person` (street number, complement, district / bairro) */
  number: text(20).optional(),
  complement: text(100).optional(),
  district: text(100).optional(),
});

/** What an APM that needs the payer's `person` asks beyond the shopper's details (docs/gateway-api.md 2.2 `person`). */
const personDetails = z.strictObject({
  /** e.g. CPF or CNPJ in Brazil */
  document_type: text(30).min(1, 'is required'),
  /** the name the payer uses, when it differs from the legal one */
  social_name: text(100).optional(),
  net_monthly_average_income: decimalString.optional(),
  /** default: the billing country */
  fiscal_country: countryCode.optional(),
});

export const shopperDetails = z.strictObject({
  first_name: text(100).min(1, 'is required'),
  last_name: text(100).min(1, 'is required'),
  email,
  /** phone, document, birth_date, ...: required only by the methods that ask for them */
  ...valueSchemas<ShopperValueKey>(false),
  /** required only by methods that ask for `billing_address` (or `person`) */
  billing: address.optional(),
  /** omitted = same as billing */
  delivery: address.optional(),
  person: personDetails.optional(),
});

export const deviceData = z.strictObject({
  os: text(100),
  browser: text(500),
  browser_lang: text(35),
  time_zone: z.string().regex(/^[+-]?\d{1,2}(\.\d{1,2})?$/, 'must be an offset in hours, e.g. "-3" or "5.5"'),
  time_zone_name: text(64).optional(),
  resolution: z.string().regex(/^\d{1,5}x\d{1,5}$/, 'must be WIDTHxHEIGHT, e.g. "1920x1080"'),
  color_depth: z.string().regex(/^(1|4|8|15|16|24|30|32|48)$/, 'must be one of the EMV 3-D Secure colour depths'),
  cookie_new: text(1000),
  cookie_old: text(1000),
  device_fingerprint: text(128),
  device_type: z.enum(['desktop', 'mobile', 'tablet'], { error: 'must be desktop, mobile or tablet' }),
  user_agent: text(500),
  checkout_time: z.number().int().positive().optional(),
  challenge_window_size: z.enum(['01', '02', '03', '04', '05']).optional(),
  screening_token_cookie: text(500).optional(),
});

export const createPaymentBody = z
  .strictObject({
    client_secret: z.string().min(1, 'is required'),
    /** the payment method id from the session's `methods` */
    method: z.string().min(1, 'is required').max(50),
    shopper: shopperDetails,
    device: deviceData,
    /** bank_code: required only by the methods that ask for it */
    ...valueSchemas<BodyValueKey>(true),
    /** the shopper ticked "save my card" (cards, when the session offers it) */
    save_card: z.boolean({ error: 'must be true or false' }).optional(),
    /** pay with this saved card: an id from the method's `saved_cards` */
    saved_card: text(64).min(1, 'must not be empty').optional(),
    /** one of the method's `installments` counts */
    installments: z
      .number({ error: 'must be a whole number' })
      .int('must be a whole number')
      .min(1, 'must be at least 1')
      .max(99, 'must be at most 99')
      .optional(),
  })
  .refine((b) => !(b.save_card && b.saved_card), {
    path: ['save_card'],
    message: 'cannot be combined with saved_card: that card is saved already',
  });

export type CreatePaymentBody = z.infer<typeof createPaymentBody>;
export type DeviceData = z.infer<typeof deviceData>;
export type ShopperDetails = z.infer<typeof shopperDetails>;

type PaymentAction =
  /** `frame_origin`: the gateway card page's origin, whose height messages the widget accepts */
  { type: 'iframe'; url: string; frame_origin?: string } | { type: 'redirect'; url: string };

export interface CreatePaymentResponse {
  payment_id: string;
  action: PaymentAction;
}

/** `POST .../payments/:paymentId/abandon`: the attempt left, `pending` at the gateway or already failed. */
export interface AbandonPaymentResponse {
  payment_id: string;
  status: 'pending' | 'declined' | 'cancelled';
}

/** What `/pay/return` posts to the widget's window (postMessage), and the frame's height messages. */
export type WidgetMessage =
  | { source: 'checkout'; type: 'result'; payment_id: string; order_no: string; status: string; message?: string }
  | { source: 'checkout'; type: 'resize'; height: number };
