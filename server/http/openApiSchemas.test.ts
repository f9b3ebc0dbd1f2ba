import { describe, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import type { AdminPaymentMethods, BulkResult, BulkResults, OrderPage } from '../../shared/contract/admin';
import type { DisputeDetail, DisputePage, DisputeSummary } from '../../shared/contract/adminDisputes';
import type {
  ApiKeyList,
  ApiKeyView,
  CreatedApiKey,
  DoublePaymentRefundSetting,
  SupportRefundLimits,
} from '../../shared/contract/adminKeys';
import type { AuditPage, ExtraPaymentRefund, OrderDetail, OrderStats } from '../../shared/contract/adminOrders';
import type { AdminPayout, PayoutPage, PayoutReview } from '../../shared/contract/adminPayouts';
import type { FailedRefundList } from '../../shared/contract/adminRefunds';
import type * as admin from '../../shared/contract/adminSchemas';
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
import type { AbandonPaymentResponse, CreatePaymentResponse } from '../../shared/contract/payment';
import type { RecipientList, RecipientView } from '../../shared/contract/recipient';
import type { SessionView } from '../../shared/contract/session';
import type {
  DeliveryResent,
  ShopDeliveryList,
  ShopEndpointList,
  ShopEndpointView,
  ShopEndpointWithSecret,
  TestEventSent,
} from '../../shared/contract/shopEndpoints';
import type * as widget from '../../shared/contract/widgetSchemas';

type Out<S extends z.ZodType> = z.output<S>;

/**
 * The zod schemas the OpenAPI document is generated from (shared/contract/widgetSchemas.ts, adminSchemas.ts) have
 * exactly the TypeScript shapes the server answers with and the widget, the admin page and the CLI read: a field
 * added, renamed or retyped on one side only fails `npm run typecheck` here.
 */
describe('the schemas of the OpenAPI document are the contract types', () => {
  it("the widget's answers", () => {
    expectTypeOf<Out<typeof widget.sessionViewSchema>>().toEqualTypeOf<SessionView>();
    expectTypeOf<Out<typeof widget.createPaymentResponseSchema>>().toEqualTypeOf<CreatePaymentResponse>();
    expectTypeOf<Out<typeof widget.abandonPaymentResponseSchema>>().toEqualTypeOf<AbandonPaymentResponse>();
  });

  it("the admin API's answers", () => {
    expectTypeOf<Out<typeof admin.orderPageSchema>>().toEqualTypeOf<OrderPage>();
    expectTypeOf<Out<typeof admin.orderDetailSchema>>().toEqualTypeOf<OrderDetail>();
    expectTypeOf<Out<typeof admin.bulkResultSchema>>().toEqualTypeOf<BulkResult>();
    expectTypeOf<Out<typeof admin.bulkResultsSchema>>().toEqualTypeOf<BulkResults>();
    expectTypeOf<Out<typeof admin.extraPaymentRefundSchema>>().toEqualTypeOf<ExtraPaymentRefund>();
    expectTypeOf<Out<typeof admin.orderStatsSchema>>().toEqualTypeOf<OrderStats>();
    expectTypeOf<Out<typeof admin.auditPageSchema>>().toEqualTypeOf<AuditPage>();
    expectTypeOf<Out<typeof admin.adminPaymentMethodsSchema>>().toEqualTypeOf<AdminPaymentMethods>();
    expectTypeOf<Out<typeof admin.disputePageSchema>>().toEqualTypeOf<DisputePage>();
    expectTypeOf<Out<typeof admin.disputeDetailSchema>>().toEqualTypeOf<DisputeDetail>();
    expectTypeOf<Out<typeof admin.disputeSummarySchema>>().toEqualTypeOf<DisputeSummary>();
    // a payout carries the gateway's own fields beside ours (an index signature): held both ways
    expectTypeOf<Out<typeof admin.adminPayoutSchema>>().toExtend<AdminPayout>();
    expectTypeOf<AdminPayout>().toExtend<Out<typeof admin.adminPayoutSchema>>();
    expectTypeOf<Out<typeof admin.payoutReviewSchema>>().toEqualTypeOf<PayoutReview>();
    expectTypeOf<Out<typeof admin.payoutPageSchema>>().toExtend<PayoutPage>();
    expectTypeOf<PayoutPage>().toExtend<Out<typeof admin.payoutPageSchema>>();
    expectTypeOf<Out<typeof admin.failedRefundListSchema>>().toEqualTypeOf<FailedRefundList>();
    expectTypeOf<Out<typeof admin.apiKeyViewSchema>>().toEqualTypeOf<ApiKeyView>();
    expectTypeOf<Out<typeof admin.createdApiKeySchema>>().toEqualTypeOf<CreatedApiKey>();
    expectTypeOf<Out<typeof admin.apiKeyListSchema>>().toEqualTypeOf<ApiKeyList>();
    expectTypeOf<Out<typeof admin.supportRefundLimitsSchema>>().toEqualTypeOf<SupportRefundLimits>();
    expectTypeOf<Out<typeof admin.doublePaymentRefundSettingSchema>>().toEqualTypeOf<DoublePaymentRefundSetting>();
    expectTypeOf<Out<typeof admin.meSchema>>().toEqualTypeOf<Me>();
    expectTypeOf<Out<typeof admin.welcomedSchema>>().toEqualTypeOf<Welcomed>();
    expectTypeOf<Out<typeof admin.signedOutEverywhereSchema>>().toEqualTypeOf<SignedOutEverywhere>();
    expectTypeOf<Out<typeof admin.totpEnrolmentSchema>>().toEqualTypeOf<TotpEnrolment>();
    expectTypeOf<Out<typeof admin.totpConfirmedSchema>>().toEqualTypeOf<TotpConfirmed>();
    expectTypeOf<Out<typeof admin.passwordChangedSchema>>().toEqualTypeOf<PasswordChanged>();
    expectTypeOf<Out<typeof admin.teamListSchema>>().toEqualTypeOf<TeamList>();
    expectTypeOf<Out<typeof admin.teamMemberChangedSchema>>().toEqualTypeOf<TeamMemberChanged>();
    expectTypeOf<Out<typeof admin.teamMemberWithLinkSchema>>().toEqualTypeOf<TeamMemberWithLink>();
    expectTypeOf<Out<typeof admin.recipientViewSchema>>().toEqualTypeOf<RecipientView>();
    expectTypeOf<Out<typeof admin.recipientListSchema>>().toEqualTypeOf<RecipientList>();
    expectTypeOf<Out<typeof admin.shopEndpointViewSchema>>().toEqualTypeOf<ShopEndpointView>();
    expectTypeOf<Out<typeof admin.shopEndpointWithSecretSchema>>().toEqualTypeOf<ShopEndpointWithSecret>();
    expectTypeOf<Out<typeof admin.shopEndpointListSchema>>().toEqualTypeOf<ShopEndpointList>();
    expectTypeOf<Out<typeof admin.shopDeliveryListSchema>>().toEqualTypeOf<ShopDeliveryList>();
    expectTypeOf<Out<typeof admin.testEventSentSchema>>().toEqualTypeOf<TestEventSent>();
    expectTypeOf<Out<typeof admin.deliveryResentSchema>>().toEqualTypeOf<DeliveryResent>();
  });
});
