import type { RecipientView } from '../../shared/contract/recipient';
import { maskFields } from '../gateway';
import type { PayoutRecipientRow } from './payoutRecipients';

/**
 * A recipient as the admin API shows it: account numbers, IBANs and document numbers masked to their last four,
 * as payouts are. Sending a masked value back unchanged in a `PUT` keeps the saved one (`keepMasked`).
 */
export function toRecipientView(row: PayoutRecipientRow): RecipientView {
  return {
    id: row.id,
    name: row.name,
    payment_method: row.payment_method ?? undefined,
    beneficiary_id: row.beneficiary_id ?? undefined,
    beneficiary: maskFields(JSON.parse(row.beneficiary)) as RecipientView['beneficiary'],
    archived: row.archived_at !== null,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}
