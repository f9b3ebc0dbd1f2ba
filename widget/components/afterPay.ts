/**
 * What only a payment needs, a lazy chunk of its own (loaded by lazyAfterPay.tsx): the payment call with its
 * device data, the fingerprint's scheduling and resends, the card frame, the redirect notice, the result screen and the polling
 * behind it, the reopening of a card page and the abandoning of an attempt. The first render, the form, carries none of it.
 */
export { abandonPayment } from '../core/api/abandonPayment';
export { resumePayment } from '../core/api/resumePayment';
export { pollSession } from '../core/pollSession';
export { startPayment } from '../core/startPayment';
export { createFingerprintSource } from '../device/fingerprint';
export { ApmRedirect } from './Apm/ApmRedirect';
export { CardFrame } from './Card/CardFrame';
export { ResultView } from './internal/ResultView';
