/**
 * `@checkout/react`: the checkout widget as React components (React 18 and 19). How to use it:
 * packages/react/README.md.
 */
export { CheckoutProvider, useCheckout, type CheckoutProviderProps } from './CheckoutProvider';
export { CheckoutForm, type CheckoutFormProps } from './CheckoutForm';
