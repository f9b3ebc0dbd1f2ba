import type { Migration } from 'kysely';
import type { StoreDialect } from '../dialect';
import { initial } from './001_initial';
import { seedPaymentMethods } from './002_seed_payment_methods';
import { admin } from './003_admin';
import { paymentOrderSources } from './004_payment_order_sources';
import { calls } from './005_calls';
import { paymentAlerts } from './006_payment_alerts';
import { inbound } from './007_inbound';
import { frame } from './008_frame';
import { stuck } from './009_stuck';
import { cards } from './010_cards';
import { refundStates } from './011_refund_states';
import { disputes } from './012_disputes';
import { shopEvents } from './013_shop_events';
import { apiKeys } from './014_api_keys';
import { users } from './015_users';
import { payoutRecipients } from './016_payout_recipients';
import { rateLimits } from './017_rate_limits';
import { refundChecks } from './018_refund_checks';
import { notificationCues } from './019_notification_cues';
import { signInBudgets } from './020_sign_in_budgets';
import { shopSettings } from './021_shop_settings';
import { sessionRequests } from './022_session_requests';
import { moneyDays } from './023_money_days';
import { alertRefundLimit } from './024_alert_refund_limit';
import { auditActorIndex } from './025_audit_actor_index';

/** Every migration, in order; names sort in the order they must run. */
export function allMigrations(dialect: StoreDialect): Record<string, Migration> {
  return {
    '001_initial': initial(dialect),
    '002_seed_payment_methods': seedPaymentMethods,
    '003_admin': admin(dialect),
    '004_payment_order_sources': paymentOrderSources,
    '005_calls': calls,
    '006_payment_alerts': paymentAlerts,
    '007_inbound': inbound,
    '008_frame': frame,
    '009_stuck': stuck,
    '010_cards': cards,
    '011_refund_states': refundStates,
    '012_disputes': disputes(dialect),
    '013_shop_events': shopEvents(dialect),
    '014_api_keys': apiKeys(dialect),
    '015_users': users,
    '016_payout_recipients': payoutRecipients,
    '017_rate_limits': rateLimits(dialect),
    '018_refund_checks': refundChecks,
    '019_notification_cues': notificationCues,
    '020_sign_in_budgets': signInBudgets,
    '021_shop_settings': shopSettings,
    '022_session_requests': sessionRequests,
    '023_money_days': moneyDays,
    '024_alert_refund_limit': alertRefundLimit,
    '025_audit_actor_index': auditActorIndex,
  };
}
