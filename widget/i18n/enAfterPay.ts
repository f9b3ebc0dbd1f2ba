/**
 * The English texts only a payment's progress and outcome need (redirect notice, result screen, decline reasons):
 * kept out of the first render's bundle. The components that show them (in the lazy after-pay chunk) register
 * them as the fallback of every catalogue when they load (registerAfterPayMessages.ts); the other locales carry
 * their own translations of these keys in their chunks.
 */
export const enAfterPay = {
  'apm.redirecting': 'Taking you to {method} to finish the payment…',
  'apm.continue': 'Continue to {method}',
  'result.paid.title': 'Payment successful',
  'result.paid.body': 'Thank you! Your payment is received.',
  'result.pending.title': 'Waiting for confirmation',
  'result.pending.body': 'Your order is received and the payment is being confirmed. You can safely close this page.',
  'result.unknown.title': 'Checking your payment',
  'result.unknown.body':
    'The outcome of your payment is not known yet; it is being checked with the payment service. Do not pay again.',
  'result.issuer.title': 'Finish the payment with {method}',
  'result.issuer.body': 'Your order is not paid yet. Go back to {method} to pay, or choose another method.',
  'apm.back': 'Back to {method}',
  'result.failed.title': 'Payment not completed',
  'result.failed.body': 'The payment did not go through.',
  'result.try_again': 'Try another method',
  'decline.declined': 'Your bank declined the payment. Try another card or payment method.',
  'decline.insufficient_funds': 'The card does not have enough funds. Try another card or payment method.',
  'decline.expired_card': 'The card has expired. Try another card.',
  'decline.risk': 'The payment could not be approved. Try another card or payment method.',
  'decline.authentication': 'Your bank could not confirm it was you (3-D Secure). Try again or use another card.',
  'decline.invalid_card': 'The card details were not accepted. Check them and try again.',
  'decline.try_another_method': 'This payment method cannot be used for this order. Choose another one.',
  'decline.cancelled': 'The payment was cancelled.',
  'decline.technical': 'A technical problem stopped the payment. Please try again.',
  'result.authorised.title': 'Payment authorised',
  'result.authorised.body':
    'Thank you! The amount is reserved on your card; the shop takes it when it processes your order.',
  'result.review.body':
    'Your order is received and the shop is checking the payment, which can take a while. You will hear from the shop; do not pay again.',
  'result.issuer.body_code':
    'Your order is not paid yet. Go back to {method} to pay (the code or voucher is there), or choose another method.',
  'card.lost':
    'The card page could not load. Check your connection, then reopen it: it is the same payment, you will not be charged twice.',
  'card.reopen': 'Reopen the card page',
  'result.extra.scheduled':
    'This order was paid twice. The second payment ({amount}) will be refunded automatically on {date}.',
  'result.extra.pending': 'This order was paid twice. The second payment ({amount}) is being refunded.',
  'result.extra.refunded': 'This order was paid twice. The second payment ({amount}) has been refunded.',
  'result.extra.shop':
    'This order was paid twice. The shop has been told and will refund the second payment ({amount}).',
} as const;
