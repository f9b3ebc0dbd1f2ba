import { verify } from '../../../shared/gateway/hashNode';
import type { OperationContext } from './context';

/**
 * A notify_url POST is genuine when it names this merchant account and its encryption_data verifies over
 * the notification fields of docs/protocol-decisions.md 3 with one of the account's keys (compared in constant time).
 */
export function verifyNotification(ctx: OperationContext, form: Readonly<Record<string, string>>): boolean {
  if (form.merchant_id !== ctx.merchantId || form.account_id !== ctx.accountId) return false;
  return verify('notification', form, form.encryption_data, ctx.verifyKeys(), ctx.profile);
}
