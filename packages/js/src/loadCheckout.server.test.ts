import { describe, expect, it } from 'vitest';

// the Node environment: no window, as in server-side rendering
describe('@checkout/js on the server', () => {
  it('resolves null, from both entries, and the entry that loads on import adds nothing', async () => {
    expect(typeof window).toBe('undefined');
    const entry = await import('./index');
    const pure = await import('./pure');
    expect(await entry.loadCheckout({ url: 'https://pay.example.com/widget.js' })).toBeNull();
    expect(await pure.loadCheckout()).toBeNull();
  });
});
