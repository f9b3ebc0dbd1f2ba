import type { Account, AccountLookup } from '../accounts';
import { verify } from '../../shared/gateway/hashNode';
import { MAX_LENGTH } from '../../shared/gateway/fields';
import type { GatewayProfile } from '../../shared/gateway/profile';
import type { SignedMessage } from '../../shared/gateway/signature';
import { GatewayError } from './gatewayError';
import type { Fields } from './readFields';

/**
 * The checks every signed request passes first, in this order (docs/protocol-decisions.md 5):
 *
 * | check                                        | code  | status |
 * |----------------------------------------------|-------|--------|
 * | merchant_id missing or empty                 | I0001 | 400    |
 * | account_id missing or empty                  | I0002 | 400    |
 * | encryption_data missing or empty             | I0003 | 400    |
 * | merchant_id / account_id over 7 / 10 chars   | I0060 | 400    |
 * | account unknown, or not this merchant's      | I0004 | 404    |
 * | encryption_data does not match (any hex case)| I0013 | 400    |
 *
 * The signature is checked before the other fields, so an unsigned request learns nothing about them.
 */
export function checkEnvelope(fields: Fields, findAccount: AccountLookup): Account {
  const merchantId = fields.merchant_id;
  const accountId = fields.account_id;
  if (!isFilled(merchantId)) throw new GatewayError('I0001', 'merchant_id');
  if (!isFilled(accountId)) throw new GatewayError('I0002', 'account_id');
  if (!isFilled(fields.encryption_data)) throw new GatewayError('I0003', 'encryption_data');
  if (merchantId.length > MAX_LENGTH.merchant_id) throw tooLong('merchant_id', MAX_LENGTH.merchant_id);
  if (accountId.length > MAX_LENGTH.account_id) throw tooLong('account_id', MAX_LENGTH.account_id);
  const account = findAccount(accountId);
  if (!account || account.merchant_id !== merchantId) throw new GatewayError('I0004', 'account_id', undefined, 404);
  return account;
}

export function checkSignature(
  kind: SignedMessage,
  fields: Fields,
  account: Account,
  profile: GatewayProfile,
  signature: unknown = fields.encryption_data,
): void {
  if (!verify(kind, fields, signature, account.sign_key, profile)) throw new GatewayError('I0013', 'encryption_data');
}

function isFilled(value: unknown): value is string {
  return typeof value === 'string' && value !== '';
}

function tooLong(field: string, max: number): GatewayError {
  return new GatewayError('I0060', field, `${field} must be at most ${max} characters`);
}
