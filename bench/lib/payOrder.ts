import { formAction, hiddenInputs } from '../../sandbox/testing/gatewayCalls';
import { createSession, payByCard, type BenchSession } from './shopCalls';

/** The sandbox's card that is approved (docs/architecture.md 7, the test cards). */
const APPROVED = '4242424242424242';

async function postForm(url: string, fields: Record<string, string>): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  });
}

/**
 * One order paid as a shopper pays it: the shop creates a session, the widget creates the payment, the iFrame
 * loads the backend's frame page and its auto-post opens the gateway's card page, the shopper submits an
 * approved card. The gateway then notifies the backend, which marks the order paid (asynchronously).
 */
export async function payOrder(backendUrl: string): Promise<BenchSession> {
  const session = await createSession(backendUrl);
  const { url } = await payByCard(backendUrl, session);
  const frame = await fetch(new URL(url, backendUrl));
  const loading = await frame.text();
  if (frame.status !== 200) throw new Error(`GET ${url} answered ${frame.status}`);
  const cardPage = await postForm(formAction(loading), hiddenInputs(loading));
  const card = await cardPage.text();
  if (cardPage.status !== 200)
    throw new Error(`the checkout's step 2 answered ${cardPage.status}: ${card.slice(0, 200)}`);
  const submitted = await postForm(formAction(card), {
    token: hiddenInputs(card).token ?? '',
    holder: 'Ana Silva',
    card_number: APPROVED,
    expiry: '12/39',
    cvv: '123',
    action: 'pay',
  });
  await submitted.arrayBuffer();
  if (submitted.status !== 303)
    throw new Error(`the card form answered ${submitted.status}, not a 303 to the return page`);
  return session;
}
