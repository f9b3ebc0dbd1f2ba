// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, describe, expect, test } from 'vitest';
import type { PaymentMethodView } from '../../shared/contract/session';
import { demoSession, errorReply, startFakeBackend, type FakeBackend } from '../testing/fakeBackend';
import { fillShopper } from '../testing/fillShopper';
import { renderCheckout } from '../testing/renderCheckout';

let backend: FakeBackend | undefined;
afterEach(async () => {
  cleanup();
  sessionStorage.clear();
  await backend?.close();
});

// the backend lists the card last paid with first
const CARD: PaymentMethodView = {
  id: 'card',
  kind: 'card',
  label: 'Card',
  fields: [],
  saved_cards: [
    { id: 'card_last', label: 'Visa •••• 4242' },
    { id: 'card_older', label: 'Mastercard •••• 4444' },
  ],
  save_card: true,
};

async function open(method: PaymentMethodView = CARD) {
  backend = await startFakeBackend(demoSession({ methods: [method] }));
  renderCheckout(backend);
  await screen.findByRole('heading', { name: 'Order summary' });
}
const savedGroup = () => screen.getByRole('group', { name: 'Pay with' });
const radio = (name: string) => within(savedGroup()).getByRole('radio', { name }) as HTMLInputElement;
const removeButtons = () => within(savedGroup()).queryAllByRole('button', { name: 'Remove this saved card' });
const deletes = () => backend!.requests.filter((r) => r.method === 'DELETE');

describe('saved cards', () => {
  test('the card last used is preselected and paid with unless the shopper picks another', async () => {
    await open();
    expect(radio('Visa •••• 4242').checked).toBe(true);
    expect(radio('Mastercard •••• 4444').checked).toBe(false);
    expect(radio('A new card').checked).toBe(false);
    // a saved card is already saved: no "save my card" while one is chosen
    expect(screen.queryByLabelText('Save my card for next time')).toBeNull();
    fillShopper();
    fireEvent.click(screen.getByRole('button', { name: /^Pay / }));
    await waitFor(() => expect(backend!.payments()).toHaveLength(1));
    expect(backend!.payments()[0]!.body).toMatchObject({ saved_card: 'card_last' });
  });

  test('each saved card has a labelled remove button that names its card; removing calls the backend and updates the list', async () => {
    await open();
    const buttons = removeButtons();
    expect(buttons).toHaveLength(2);
    // the button's description is its card, so a screen reader hears which one it removes
    const describedBy = buttons[0]!.getAttribute('aria-describedby')!;
    expect(document.getElementById(describedBy)!.textContent).toBe('Visa •••• 4242');

    fireEvent.click(buttons[0]!);
    await waitFor(() => expect(within(savedGroup()).queryByRole('radio', { name: 'Visa •••• 4242' })).toBeNull());
    expect(deletes()).toHaveLength(1);
    expect(deletes()[0]!.path).toBe('/api/sessions/cs_1/saved-cards/card_last');
    expect(deletes()[0]!.headers['x-client-secret']).toBe('cs_test');
    expect(screen.getByRole('status').textContent).toBe('The card was removed.');
    // the removed card was the chosen one: a new card is chosen now, and may be saved
    expect(radio('A new card').checked).toBe(true);
    await waitFor(() => expect(document.activeElement).toBe(radio('A new card')));
    expect(screen.getByLabelText('Save my card for next time')).toBeTruthy();
    fillShopper();
    fireEvent.click(screen.getByRole('button', { name: /^Pay / }));
    await waitFor(() => expect(backend!.payments()).toHaveLength(1));
    expect(backend!.payments()[0]!.body).not.toHaveProperty('saved_card');
  });

  test('the last card removed takes the list away; a card already gone (404) is dropped as removed', async () => {
    await open({ ...CARD, saved_cards: [{ id: 'card_gone', label: 'Visa •••• 4242' }] });
    backend!.onRemoveCard = () => errorReply(404, 'not_found', 'no saved card with this id for this shopper');
    fireEvent.click(removeButtons()[0]!);
    await waitFor(() => expect(screen.queryByRole('group', { name: 'Pay with' })).toBeNull());
    expect(screen.getByRole('status').textContent).toBe('The card was removed.');
  });

  test('a removal that fails keeps the card and says why', async () => {
    await open();
    backend!.onRemoveCard = () => errorReply(503, 'unavailable', 'try later');
    fireEvent.click(removeButtons()[1]!);
    await waitFor(() => expect(within(savedGroup()).getByRole('alert').textContent).toMatch(/try again/i));
    expect(radio('Mastercard •••• 4444')).toBeTruthy();
    expect(radio('Visa •••• 4242').checked).toBe(true);
  });
});
