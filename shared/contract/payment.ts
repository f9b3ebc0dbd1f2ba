import { z } from 'zod';
import { birthDate, countryCode, email, text } from './primitives';

/** `POST /api/sessions/:id/payments` body: who pays and from which device. Never an amount. */
export const address = z.strictObject({
  country: countryCode,
  state: text(100).optional().default(''),
  city: text(100).min(1, 'is required'),
  address: text(300).min(1, 'is required'),
  postal_code: text(20).min(1, 'is required'),
});

export const shopperDetails = z.strictObject({
  first_name: text(100).min(1, 'is required'),
  last_name: text(100).min(1, 'is required'),
  email,
  phone: z.string().regex(/^\+?[0-9 ()-]{6,30}$/, 'must be a phone number, e.g. "+55 11 91234 5678"'),
  document: text(50).optional(),
  birth_date: birthDate.optional(),
  billing: address,
  /** omitted = same as billing */
  delivery: address.optional(),
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

export const createPaymentBody = z.strictObject({
  client_secret: z.string().min(1, 'is required'),
  /** the payment method id from the session's `methods` */
  method: z.string().min(1, 'is required').max(50),
  shopper: shopperDetails,
  device: deviceData,
  bank_code: text(50).optional(),
});

export type CreatePaymentBody = z.infer<typeof createPaymentBody>;
export type DeviceData = z.infer<typeof deviceData>;
export type ShopperDetails = z.infer<typeof shopperDetails>;

export type PaymentAction = { type: 'iframe'; url: string } | { type: 'redirect'; url: string };

export interface CreatePaymentResponse {
  payment_id: string;
  action: PaymentAction;
}

/** What `/pay/return` posts to the widget's window (postMessage), and the frame's height messages. */
export type WidgetMessage =
  | { source: 'checkout'; type: 'result'; payment_id: string; order_no: string; status: string; message?: string }
  | { source: 'checkout'; type: 'resize'; height: number };
