/**
 * What only a payment needs, a lazy chunk of its own (loaded by lazyAfterPay.tsx): the payment call with its
 * device data and resends, the card frame, the redirect notice and the result screen. The first render, the
 * form, carries none of it.
 */
export { startPayment } from '../core/startPayment';
export { ApmRedirect } from './Apm/ApmRedirect';
export { CardFrame } from './Card/CardFrame';
export { ResultView } from './internal/ResultView';
