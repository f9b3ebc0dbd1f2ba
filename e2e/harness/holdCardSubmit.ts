/**
 * Holds the shopper's way back from the gateway: the card form is sent to the gateway (which takes the payment
 * and queues its notification) but the browser does not get the answer (the 303 to the backend's return page)
 * until the test says so. That orders "the shopper returns" against "the notification arrives" without sleeps.
 */
import type { Page, Route } from 'playwright-core';

export interface HeldSubmit {
  /** resolves once the gateway has answered the card form */
  readonly sent: Promise<void>;
  /** lets the answer through: the frame goes on to the return page */
  release(): Promise<void>;
  /** drops it, as a lost connection would: the shopper never comes back */
  drop(): Promise<void>;
}

export async function holdCardSubmit(page: Page, gatewayUrl: string): Promise<HeldSubmit> {
  let held: { route: Route; answer: Awaited<ReturnType<Route['fetch']>> } | undefined;
  let onSent!: () => void;
  let onFailed!: (e: unknown) => void;
  const sent = new Promise<void>((resolve, reject) => {
    onSent = resolve;
    onFailed = reject;
  });
  const pattern = `${gatewayUrl}/hosted/card/**`;
  await page.route(pattern, async (route) => {
    try {
      held = { route, answer: await route.fetch({ maxRedirects: 0 }) };
      onSent();
    } catch (e) {
      onFailed(e);
    }
  });
  const settle = async (how: (h: NonNullable<typeof held>) => Promise<void>) => {
    await sent;
    await how(held!);
    // after the held route is handled: unroute would otherwise let it continue on its own
    await page.unroute(pattern);
  };
  return {
    sent,
    release: () => settle((h) => h.route.fulfill({ response: h.answer })),
    drop: () => settle((h) => h.route.abort('connectionreset')),
  };
}
