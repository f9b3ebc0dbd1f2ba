/** PLACEHOLDER methods */
export { methodFits, toMethodView } from './applicableMethods';
export { installmentPlansOf } from './methodOptions';
export type { InstallmentPlan } from './methodOptions';
export { missingMethodFields } from './missingMethodFields';
export { decodePaymentMethod, listPaymentMethods } from './paymentMethods';
export type { PaymentMethod } from './paymentMethods';
