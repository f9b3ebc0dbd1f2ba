// @vitest-environment happy-dom
// @vitest-environment-options {"settings": {"enableIframePageLoading": true}}
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
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

async function renderFrame(
  resume = vi.fn(async () => ({
    payment_id: 'pay_1',
    action: { type: 'iframe' as const, url: `${backend.url}/pay/frame/tok_2` },
  })),
) {
  const onResult = vi.fn();
  render(
    <CardFrame
      url={`${backend.url}/pay/frame/tok_1`}
      origin={backend.origin}
      frameOrigin={GATEWAY}
      paymentId="pay_1"
      onResult={onResult}
      onBack={() => {}}
      resume={resume}
      focus
    />,
  );
  const frame = screen.getByTitle('Secure card payment page') as HTMLIFrameElement;
  // the frame's page really loads (from the scripted backend, another origin), so it has a window to post from
  await new Promise((resolve) => frame.addEventListener('load', resolve, { once: true }));
  expect(frame.contentWindow).toBeTruthy();
  const post = (origin: string, data: Record<string, unknown>, source: Window | null = frame.contentWindow) =>
    window.dispatchEvent(new MessageEvent('message', { origin, source, data: { source: 'checkout', ...data } }));
  return { frame, onResult, post, resume };
}

/** The frame's next page finished loading (a real navigation of the framed page). */
function nextPageLoads(frame: HTMLIFrameElement) {
  frame.dispatchEvent(new Event('load'));
}

function goOffline(offline: boolean) {
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => !offline });
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
  expect(onResult).toHaveBeenCalledWith('pay_1');
});

test('the frame takes the keyboard focus as it opens', async () => {
  const { frame } = await renderFrame();
  expect(document.activeElement).toBe(frame);
});

test("a page that posts no height (the 3-D Secure challenge) gets the default height back, not the card page's", async () => {
  const { frame, post } = await renderFrame();
  // the card page posts its height as it is parsed, then loads: its height stays, and so does a repeat of it
  post(GATEWAY, { type: 'resize', height: 1501 });
  await waitFor(() => expect(frame.getAttribute('height')).toBe('1501'));
  nextPageLoads(frame);
  post(GATEWAY, { type: 'resize', height: 1501 });
  await waitFor(() => expect(frame.getAttribute('height')).toBe('1501'));
  // the challenge page says nothing: the stylesheet's default, not 1,501 px of grey
  nextPageLoads(frame);
  await waitFor(() => expect(frame.hasAttribute('height')).toBe(false));
  // a page that does post is sized to it again, even after its load
  post(GATEWAY, { type: 'resize', height: 430 });
  await waitFor(() => expect(frame.getAttribute('height')).toBe('430'));
  // and a next page posting that same height as it is parsed keeps it
  nextPageLoads(frame);
  post(GATEWAY, { type: 'resize', height: 430 });
  await waitFor(() => expect(frame.getAttribute('height')).toBe('430'));
});

describe('the card page fails to load because the shopper went offline', () => {
  afterEach(() => {
    Reflect.deleteProperty(window.navigator, 'onLine');
  });

  test("the widget says so and reopens the same payment's card page, never a new payment", async () => {
    const { frame, resume } = await renderFrame();
    expect(screen.queryByRole('alert')).toBeNull();
    goOffline(true);
    nextPageLoads(frame); // the browser's own error page
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The card page could not load.');
    expect(alert.textContent).toContain('you will not be charged twice');
    goOffline(false);
    fireEvent.click(screen.getByRole('button', { name: 'Reopen the card page' }));
    await waitFor(() => expect(frame.getAttribute('src')).toBe(`${backend.url}/pay/frame/tok_2`));
    expect(resume).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  test('still offline, the notice stays; a payment that moved on meanwhile is asked about', async () => {
    const { ApiError } = await import('../../../shared/contract/ApiError');
    const resume = vi
      .fn()
      .mockRejectedValueOnce(new ApiError(0, 'network', 'offline'))
      .mockRejectedValueOnce(new ApiError(409, 'session_completed', 'paid'));
    const { frame, onResult } = await renderFrame(resume);
    goOffline(true);
    nextPageLoads(frame);
    fireEvent.click(await screen.findByRole('button', { name: 'Reopen the card page' }));
    await waitFor(() => expect(resume).toHaveBeenCalledTimes(1));
    expect(screen.getByRole('alert')).toBeTruthy();
    expect(onResult).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Reopen the card page' }));
    await waitFor(() => expect(onResult).toHaveBeenCalledWith('pay_1'));
  });
});
