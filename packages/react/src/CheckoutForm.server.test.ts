import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { CheckoutForm } from './CheckoutForm';
import { CheckoutProvider } from './CheckoutProvider';

// the Node environment: no window, as in server-side rendering
describe('@checkout/react on the server', () => {
  it("renders the form's empty element and touches no browser API", () => {
    expect(typeof window).toBe('undefined');
    const html = renderToString(
      createElement(
        CheckoutProvider,
        // what loadCheckout answers on the server
        { checkout: Promise.resolve(null) },
        createElement(CheckoutForm, { session: 'cs_1', clientSecret: 'sec_1', id: 'checkout' }),
      ),
    );
    expect(html).toBe('<div id="checkout"></div>');
  });
});
