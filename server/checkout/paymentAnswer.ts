import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ErrorBody } from '../../shared/contract/errors';
import type { CreatePaymentResponse } from '../../shared/contract/payment';

/** The answer to the widget, stored with the attempt so that a repeated Idempotency-Key gets it again. */
export interface PaymentAnswer {
  status: ContentfulStatusCode;
  body: CreatePaymentResponse | ErrorBody;
}
