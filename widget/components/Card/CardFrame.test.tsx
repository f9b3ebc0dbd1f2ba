// @vitest-environment happy-dom
// @vitest-environment-options {"settings": {"enableIframePageLoading": true}}
import { cleanup, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { demoSession, startFakeBackend, type FakeBackend } from '../../testing/fakeBackend';
import { CardFrame } from './CardFrame';

/** the gateway's hosted card page, which the frame shows after the backend's auto-post */
const GATEWAY = 'https://pay.gateway.example';
let backend: FakeBackend;
beforeEach(async () => {
  backend = await startFakeBackend(demoSession());
});
afterEach(async () => {
  cleanup();
  await backend.close();
});

async function renderFrame() {
  const onResult = vi.fn();
  render(
    <CardFrame
      url={`${backend.url}/pay/frame/tok_1`}
      origin={backend.origin}
      frameOrigin={GATEWAY}
      paymentId="pay_1"
      onResult={onResult}
      onBack={() => {}}
    />,
  );
  const frame = screen.getByTitle('Secure card payment page') as HTMLIFrameElement;
  // the frame's page really loads (from the scripted backend, another origin), so it has a window to post from
  await new Promise((resolve) => frame.addEventListener('load', resolve, { once: true }));
  expect(frame.contentWindow).toBeTruthy();
  const post = (origin: string, data: Record<string, unknown>, source: Window | null = frame.contentWindow) =>
    window.dispatchEvent(new MessageEvent('message', { origin, source, data: { source: 'checkout', ...data } }));
  return { frame, onResult, post };
}

test('the frame takes the height its own page posts from the backend origin, within bounds, as an attribute', async () => {
  const { frame, post } = await renderFrame();
  // none until the page says: the stylesheet's responsive default applies
  expect(frame.hasAttribute('height')).toBe(false);
  post(backend.origin, { type: 'resize', height: 700 });
  await waitFor(() => expect(frame.getAttribute('height')).toBe('700'));
  post('https://evil.example', { type: 'resize', height: 900 });
  post(backend.origin, { type: 'resize', height: 900 }, window); // another window on the page, not this frame
  post(backend.origin, { type: 'resize', height: 'tall' });
  post(backend.origin, { type: 'resize', height: 10 });
  await waitFor(() => expect(frame.getAttribute('height')).toBe('320'));
  post(backend.origin, { type: 'resize', height: 99_999 });
  await waitFor(() => expect(frame.getAttribute('height')).toBe('2000'));
  expect(frame.hasAttribute('style')).toBe(false);
});

test("the gateway card page's own origin may size the frame, clamped, but never post a result", async () => {
  const { frame, post, onResult } = await renderFrame();
  post(GATEWAY, { type: 'resize', height: 640 });
  await waitFor(() => expect(frame.getAttribute('height')).toBe('640'));
  post(GATEWAY, { type: 'resize', height: 50_000 });
  await waitFor(() => expect(frame.getAttribute('height')).toBe('2000'));
  post(GATEWAY, { type: 'resize', height: 700 }, window); // not this frame's window
  post(GATEWAY, { type: 'result', payment_id: 'pay_1', order_no: 'O', status: 'paid' });
  post('https://evil.example', { type: 'resize', height: 800 });
  post(backend.origin, { type: 'resize', height: 500 });
  await waitFor(() => expect(frame.getAttribute('height')).toBe('500'));
  expect(onResult).not.toHaveBeenCalled();
});

test('only a well-formed result for this payment from the backend origin counts', async () => {
  const { onResult, post } = await renderFrame();
  post('https://evil.example', { type: 'result', payment_id: 'pay_1', order_no: 'O', status: 'paid' });
  post(backend.origin, { type: 'result', payment_id: 'pay_2', order_no: 'O', status: 'paid' });
  post(backend.origin, { type: 'result', payment_id: 'pay_1', status: 'paid' });
  window.dispatchEvent(new MessageEvent('message', { origin: backend.origin, data: 'paid' }));
  post(backend.origin, { type: 'result', payment_id: 'pay_1', order_no: 'O', status: 'paid' });
  await waitFor(() => expect(onResult).toHaveBeenCalledTimes(1));
  expect(onResult).toHaveBeenCalledWith({
    source: 'checkout',
    type: 'result',
    payment_id: 'pay_1',
    order_no: 'O',
    status: 'paid',
  });
});
