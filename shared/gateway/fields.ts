/** Field length limits and coded values (docs/protocol-decisions.md 1), one table each. */
export const MAX_LENGTH = {
  merchant_id: 7,
  account_id: 10,
  order_no: 50,
  amount: 15,
  items: 5000,
  note: 1000,
  custom: 2500,
  shopper_id: 64,
  shopper_email: 100,
  shopper_ip: 50,
  return_url: 1000,
  notify_url: 1000,
  payment_method: 50,
  token_id: 50,
  refund_reason: 50,
  refund_reference: 50,
  website: 2000,
} as const;

export const CODED_VALUES = {
  open3d: ['do3DS', 'no3DS'],
  token_flag: ['YES', 'NO'],
  /** 1 Visa, 2 Mastercard, 3 JCB, 4 Amex, 5 Diners, 6 Maestro */
  card_type: ['1', '2', '3', '4', '5', '6'],
  challenge_window_size: ['01', '02', '03', '04', '05'],
  /** ours: 1 approve, 0 reject */
  review_flag: ['1', '0'],
  fee_paid_by: ['PAYER', 'BENEFICIARY'],
  swift_charge_option: ['SHARED', 'PAYER', 'BENEFICIARY'],
  entity_type: ['COMPANY', 'PERSONAL'],
} as const;

export type CodedField = keyof typeof CODED_VALUES;
