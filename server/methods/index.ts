/**
 * The shop's payment methods: what the owner enabled (kind, countries, currencies, amount limits, the fields each
 * needs), which apply to a session, and which fields a payment still lacks. Routes in routes/: the admin API's
 * payment methods.
 *
 * What other modules of server/ may use; everything else in this folder is its own.
 */
export { methodFits, toMethodView } from './applicableMethods';
export { installmentPlansOf } from './methodOptions';
export type { InstallmentPlan } from './methodOptions';
export { missingMethodFields } from './missingMethodFields';
export { decodePaymentMethod, listPaymentMethods } from './paymentMethods';
export type { PaymentMethod } from './paymentMethods';
