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
  'result.paid.body': 'Thank you! Order {order} is paid.',
  'result.pending.title': 'Waiting for confirmation',
  'result.pending.body':
    'Order {order} is received and the payment is being confirmed. You can safely close this page.',
  'result.unknown.title': 'Checking your payment',
  'result.unknown.body':
    'The outcome of the payment for order {order} is not known yet; it is being checked with the payment service. Do not pay again.',
  'result.issuer.title': 'Finish the payment with {method}',
  'result.issuer.body':
    'Order {order} is not paid yet. Go back to {method} to pay (the code or voucher is there), or choose another method.',
  'apm.back': 'Back to {method}',
  'result.failed.title': 'Payment not completed',
  'result.failed.body': 'The payment for order {order} did not go through.',
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
} as const;
