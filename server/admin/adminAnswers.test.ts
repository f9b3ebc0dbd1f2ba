import type { ExtractSchema } from 'hono/types';
import type { JSONParsed } from 'hono/utils/types';
import { describe, expectTypeOf, it } from 'vitest';
import type { AdminPaymentMethods, BulkResult, BulkResults, OrderPage } from '../../shared/contract/admin';
import type { DisputeDetail, DisputePage, DisputeSummary } from '../../shared/contract/adminDisputes';
import type { ApiKeyList, ApiKeyView, CreatedApiKey, SupportRefundLimits } from '../../shared/contract/adminKeys';
import type { AuditPage, ExtraPaymentRefund, OrderDetail, OrderStats } from '../../shared/contract/adminOrders';
import type { AdminPayout, PayoutPage } from '../../shared/contract/adminPayouts';
import type { FailedRefundList } from '../../shared/contract/adminRefunds';
import type {
  Me,
  PasswordChanged,
  SignedOutEverywhere,
  TeamList,
  TeamMemberChanged,
  TeamMemberWithLink,
  TotpConfirmed,
  TotpEnrolment,
  Welcomed,
} from '../../shared/contract/adminTeam';
import type { ErrorBody } from '../../shared/contract/errors';
import type { RecipientList, RecipientView } from '../../shared/contract/recipient';
import type {
  DeliveryResent,
  ShopDeliveryList,
  ShopEndpointList,
  ShopEndpointView,
  ShopEndpointWithSecret,
  TestEventSent,
} from '../../shared/contract/shopEndpoints';
import type { OrderResult } from '../operations';
import type { refundExtraPayment } from '../refunds';
import type { createAdminApi } from './createAdminApi';

/**
 * Issue #30: every answer of the admin API is a type in shared/contract/, which the admin page reads too, so a
 * field renamed on one side only fails the type check (`npm run typecheck`) instead of the page. This file holds
 * no runtime check: it compiles only while each route answers exactly its contract type, as Hono infers the
 * routes' answers (the `c.json<T>(...)` of each route). A route that answers another shape (an untyped
 * `c.json({...})` with a renamed field, a field too many or too few) fails here.
 */
type Schema = ExtractSchema<ReturnType<typeof createAdminApi>>;
type OutputOf<Endpoint> = Endpoint extends { output: infer Output } ? Output : never;
/** What a route answers (an error thrown as an ApiError is not part of it: its envelope is ErrorBody). */
type Answer<Path extends keyof Schema, Method extends keyof Schema[Path]> = OutputOf<Schema[Path][Method]>;

describe('the admin API answers the shapes of shared/contract/', () => {
  it('orders, their history, the bulk actions, stats and the audit log', () => {
    expectTypeOf<Answer<'/orders', '$get'>>().toEqualTypeOf<JSONParsed<OrderPage>>();
    expectTypeOf<Answer<'/orders/:order_no', '$get'>>().toEqualTypeOf<JSONParsed<OrderDetail>>();
    expectTypeOf<Answer<'/refunds', '$get'>>().toEqualTypeOf<JSONParsed<FailedRefundList>>();
    expectTypeOf<Answer<'/orders/capture', '$post'>>().toEqualTypeOf<JSONParsed<BulkResults>>();
    expectTypeOf<Answer<'/orders/cancel', '$post'>>().toEqualTypeOf<JSONParsed<BulkResults>>();
    expectTypeOf<Answer<'/orders/review', '$post'>>().toEqualTypeOf<JSONParsed<BulkResults>>();
    expectTypeOf<Answer<'/orders/refund', '$post'>>().toEqualTypeOf<JSONParsed<BulkResults>>();
    expectTypeOf<Answer<'/orders/sync', '$post'>>().toEqualTypeOf<JSONParsed<BulkResults>>();
    expectTypeOf<Answer<'/orders/:order_no/refunds/:seq/retry', '$post'>>().toEqualTypeOf<JSONParsed<BulkResult>>();
    expectTypeOf<Answer<'/orders/:order_no/alerts/:alert_id/refund', '$post'>>().toEqualTypeOf<
      JSONParsed<ExtraPaymentRefund | ErrorBody>
    >();
    expectTypeOf<Answer<'/stats', '$get'>>().toEqualTypeOf<JSONParsed<OrderStats>>();
    expectTypeOf<Answer<'/events', '$get'>>().toEqualTypeOf<JSONParsed<AuditPage>>();
  });

  it('what the bulk pipeline and the refunds answer is the contract, field for field', () => {
    // their routes pass these through `c.json<T>`, which checks that they fit, not that they are the same
    expectTypeOf<OrderResult>().toEqualTypeOf<BulkResult>();
    expectTypeOf<
      Extract<Awaited<ReturnType<typeof refundExtraPayment>>, { status: 200 }>['body']
    >().toEqualTypeOf<ExtraPaymentRefund>();
  });

  it('disputes, payouts, recipients, payment methods and settings', () => {
    expectTypeOf<Answer<'/disputes', '$get'>>().toEqualTypeOf<JSONParsed<DisputePage>>();
    expectTypeOf<Answer<'/disputes/summary', '$get'>>().toEqualTypeOf<JSONParsed<DisputeSummary>>();
    expectTypeOf<Answer<'/disputes/:dispute_id', '$get'>>().toEqualTypeOf<JSONParsed<DisputeDetail>>();
    expectTypeOf<Answer<'/payouts', '$post'>>().toEqualTypeOf<JSONParsed<AdminPayout>>();
    expectTypeOf<Answer<'/payouts', '$get'>>().toEqualTypeOf<JSONParsed<PayoutPage>>();
    expectTypeOf<Answer<'/payouts/:id', '$get'>>().toEqualTypeOf<JSONParsed<AdminPayout>>();
    expectTypeOf<Answer<'/recipients', '$get'>>().toEqualTypeOf<JSONParsed<RecipientList>>();
    expectTypeOf<Answer<'/recipients', '$post'>>().toEqualTypeOf<JSONParsed<RecipientView>>();
    expectTypeOf<Answer<'/recipients/:id', '$get'>>().toEqualTypeOf<JSONParsed<RecipientView>>();
    expectTypeOf<Answer<'/recipients/:id', '$put'>>().toEqualTypeOf<JSONParsed<RecipientView>>();
    expectTypeOf<Answer<'/recipients/:id/archive', '$post'>>().toEqualTypeOf<JSONParsed<RecipientView>>();
    expectTypeOf<Answer<'/payment-methods', '$get'>>().toEqualTypeOf<JSONParsed<AdminPaymentMethods>>();
    expectTypeOf<Answer<'/payment-methods', '$put'>>().toEqualTypeOf<JSONParsed<AdminPaymentMethods>>();
    expectTypeOf<Answer<'/settings/support-refund-limit', '$get'>>().toEqualTypeOf<JSONParsed<SupportRefundLimits>>();
    expectTypeOf<Answer<'/settings/support-refund-limit', '$put'>>().toEqualTypeOf<JSONParsed<SupportRefundLimits>>();
  });

  it('the account, the team and the API keys', () => {
    expectTypeOf<Answer<'/sign-in', '$post'>>().toEqualTypeOf<JSONParsed<Me>>();
    expectTypeOf<Answer<'/me', '$get'>>().toEqualTypeOf<JSONParsed<Me>>();
    expectTypeOf<Answer<'/welcome', '$post'>>().toEqualTypeOf<JSONParsed<Welcomed>>();
    expectTypeOf<Answer<'/sign-out-everywhere', '$post'>>().toEqualTypeOf<JSONParsed<SignedOutEverywhere>>();
    expectTypeOf<Answer<'/me/totp', '$post'>>().toEqualTypeOf<JSONParsed<TotpEnrolment>>();
    expectTypeOf<Answer<'/me/totp/confirm', '$post'>>().toEqualTypeOf<JSONParsed<TotpConfirmed>>();
    expectTypeOf<Answer<'/me/password', '$post'>>().toEqualTypeOf<JSONParsed<PasswordChanged>>();
    expectTypeOf<Answer<'/users', '$get'>>().toEqualTypeOf<JSONParsed<TeamList>>();
    expectTypeOf<Answer<'/users', '$post'>>().toEqualTypeOf<JSONParsed<TeamMemberWithLink>>();
    expectTypeOf<Answer<'/users/:id', '$patch'>>().toEqualTypeOf<JSONParsed<TeamMemberChanged>>();
    expectTypeOf<Answer<'/users/:id/reset-password', '$post'>>().toEqualTypeOf<JSONParsed<TeamMemberWithLink>>();
    expectTypeOf<Answer<'/users/:id/reset-2fa', '$post'>>().toEqualTypeOf<JSONParsed<TeamMemberChanged>>();
    expectTypeOf<Answer<'/users/:id/unlock', '$post'>>().toEqualTypeOf<JSONParsed<TeamMemberChanged>>();
    expectTypeOf<Answer<'/keys', '$get'>>().toEqualTypeOf<JSONParsed<ApiKeyList>>();
    expectTypeOf<Answer<'/keys', '$post'>>().toEqualTypeOf<JSONParsed<CreatedApiKey>>();
    expectTypeOf<Answer<'/keys/:id', '$delete'>>().toEqualTypeOf<JSONParsed<ApiKeyView>>();
  });

  it("the shop's event endpoints and their deliveries", () => {
    expectTypeOf<Answer<'/shop-endpoints', '$get'>>().toEqualTypeOf<JSONParsed<ShopEndpointList>>();
    expectTypeOf<Answer<'/shop-endpoints', '$post'>>().toEqualTypeOf<JSONParsed<ShopEndpointWithSecret>>();
    expectTypeOf<Answer<'/shop-endpoints/:id', '$get'>>().toEqualTypeOf<JSONParsed<ShopEndpointView>>();
    expectTypeOf<Answer<'/shop-endpoints/:id', '$patch'>>().toEqualTypeOf<JSONParsed<ShopEndpointView>>();
    expectTypeOf<Answer<'/shop-endpoints/:id/roll-secret', '$post'>>().toEqualTypeOf<
      JSONParsed<ShopEndpointWithSecret>
    >();
    expectTypeOf<Answer<'/shop-endpoints/:id/test', '$post'>>().toEqualTypeOf<JSONParsed<TestEventSent>>();
    expectTypeOf<Answer<'/shop-endpoints/deliveries', '$get'>>().toEqualTypeOf<JSONParsed<ShopDeliveryList>>();
    expectTypeOf<Answer<'/shop-endpoints/deliveries/:id/resend', '$post'>>().toEqualTypeOf<
      JSONParsed<DeliveryResent>
    >();
  });
});
