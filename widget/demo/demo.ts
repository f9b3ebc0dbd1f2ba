/**
 * The demo shop (widget/demo/index.html, served by the backend at `/`): a cart, "Pay", then the widget. It does
 * what a shop's own code does: its server (here the backend's `POST /demo/sessions`) creates the session with the
 * amount, and the page mounts the widget with the session id and client secret. The session is kept in
 * sessionStorage so that coming back from an APM issuer page (or a reload) shows the payment's outcome.
 * "Ready to ship" is what the shop's server learned from the backend's signed `order.authorised` (the demo account
 * authorises cards: the money is held until the owner captures it) or `order.paid` event (`POST /demo/shop-events`),
 * asked for by polling: never the widget's event, which the shopper's browser could fake.
 */
import type { CreateSessionResponse } from '../../shared/contract/session';
import { lineTotal, sumMinor, toDecimal, toMinor } from '../../shared/gateway/money';
import type { CheckoutApi } from '../core/types';

const CART = [
  { name: 'T-shirt', sku: 'TS-1', unit_price: '12.50', quantity: 2 },
  { name: 'Mug', sku: 'MG-1', unit_price: '8.00', quantity: 1 },
] as const;
const STORAGE_KEY = 'demo-checkout';
/** How often the page asks the shop's server whether the paid event came; the event is pushed within seconds. */
const SHIPMENT_POLL_MS = 1500;

interface Stored {
  id: string;
  client_secret: string;
  order_no: string;
  locale: string;
  theme: 'light' | 'dark';
}

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

function total(currency: string): string {
  return toDecimal(sumMinor(CART.map((i) => lineTotal(toMinor(i.unit_price, currency), i.quantity))), currency);
}

function renderCart(): void {
  const currency = $<HTMLSelectElement>('currency').value;
  const lines = $('cart-lines');
  lines.replaceChildren(
    ...CART.map((item) => {
      const row = document.createElement('tr');
      for (const text of [item.name, String(item.quantity), `${item.unit_price} ${currency}`]) {
        const cell = document.createElement('td');
        cell.textContent = text;
        row.append(cell);
      }
      return row;
    }),
  );
  $('cart-total').textContent = `${total(currency)} ${currency}`;
}

function log(name: string, detail?: unknown): void {
  const item = document.createElement('li');
  item.textContent = detail === undefined ? name : `${name} ${JSON.stringify(detail)}`;
  $('events').append(item);
}

/** Asks the shop's server until it has recorded the order's paid event, then says so. */
async function watchShipment(orderNo: string): Promise<void> {
  const status = $('shipment');
  status.hidden = false;
  status.textContent = `Order ${orderNo}: waiting for the backend's signed "authorised" or "paid" event`;
  for (;;) {
    try {
      const res = await fetch(`/demo/shipments/${encodeURIComponent(orderNo)}`, { cache: 'no-store' });
      const shipment = res.ok ? ((await res.json()) as { ready_to_ship: boolean; status?: string }) : undefined;
      if (shipment?.ready_to_ship) {
        status.textContent =
          shipment.status === 'authorised'
            ? `Order ${orderNo}: authorised (the money is held until the owner captures it), ready to ship`
            : `Order ${orderNo}: paid, ready to ship`;
        status.classList.add('shop-shipment-ready');
        return;
      }
    } catch {
      // the shop's server is restarting: ask again
    }
    await new Promise((resolve) => setTimeout(resolve, SHIPMENT_POLL_MS));
  }
}

async function showCheckout(stored: Stored): Promise<void> {
  $('cart').hidden = true;
  $('checkout-section').hidden = false;
  if (stored.order_no) void watchShipment(stored.order_no);
  const Checkout = (window as Window & { Checkout?: CheckoutApi }).Checkout;
  if (!Checkout) throw new Error('widget.js did not load');
  Checkout.init({
    session: stored.id,
    clientSecret: stored.client_secret,
    ...(stored.locale ? { locale: stored.locale } : {}),
    appearance: { theme: stored.theme },
    onReady: () => log('ready'),
    onSubmit: (data) => log('submit', { method: data.method }),
    beforeRedirect: (data) => log('redirect', { method: data.method, payment_id: data.payment_id }),
    onCompleted: (result) => log('completed', result),
    onError: (error) => log('error', error),
  }).mount('#checkout');
}

async function pay(): Promise<void> {
  const button = $<HTMLButtonElement>('pay');
  const error = $('shop-error');
  button.disabled = true;
  error.hidden = true;
  try {
    const currency = $<HTMLSelectElement>('currency').value;
    const response = await fetch('/demo/sessions', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        amount: total(currency),
        currency,
        items: CART,
        country: $<HTMLSelectElement>('country').value,
      }),
    });
    if (!response.ok) throw new Error(`the shop could not start a checkout (HTTP ${response.status})`);
    const session = (await response.json()) as CreateSessionResponse;
    const stored: Stored = {
      id: session.id,
      client_secret: session.client_secret,
      order_no: session.order_no,
      locale: $<HTMLSelectElement>('locale').value,
      theme: $<HTMLSelectElement>('theme').value === 'dark' ? 'dark' : 'light',
    };
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(stored));
    await showCheckout(stored);
  } catch (e) {
    error.textContent = e instanceof Error ? e.message : String(e);
    error.hidden = false;
  } finally {
    button.disabled = false;
  }
}

function start(): void {
  renderCart();
  $('currency').addEventListener('change', renderCart);
  $('pay').addEventListener('click', () => void pay());
  $('start-over').addEventListener('click', () => {
    sessionStorage.removeItem(STORAGE_KEY);
    location.reload();
  });
  const saved = sessionStorage.getItem(STORAGE_KEY);
  if (saved) void showCheckout(JSON.parse(saved) as Stored);
}

start();
