// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, expect, test, vi } from 'vitest';
import { createAdminApi, type PaymentMethod } from '../api/client';
import { toDraft, type MethodDraft } from '../methodDraft';
import { PaymentMethods } from '../pages/PaymentMethods';
import { stubFetch } from '../testing/stubFetch';
import { MethodEditor } from './MethodEditor';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const CARD: PaymentMethod = {
  id: 'card',
  kind: 'card',
  labels: { en: 'Card' },
  enabled: true,
  sort: 0,
  countries: [],
  currencies: [],
  fields: [],
  installments: [3, 6, 12],
};
const BOLETO: PaymentMethod = {
  id: 'boleto',
  kind: 'apm',
  payment_method: 'BOLETO',
  labels: { en: 'Boleto' },
  enabled: true,
  sort: 1,
  countries: ['BR'],
  currencies: ['BRL'],
  fields: ['document'],
};

function editor(method: PaymentMethod, errors: { path: string; message: string }[] = []) {
  const changes: MethodDraft[] = [];
  render(
    <MethodEditor
      index={0}
      count={1}
      draft={toDraft(method)}
      locales={['en']}
      errors={errors}
      onChange={(d) => changes.push(d)}
      onMove={() => {}}
      onRemove={() => {}}
    />,
  );
  return changes;
}

test('an APM can ask for the payer\'s identity and address ("person")', () => {
  const changes = editor(BOLETO);
  fireEvent.click(screen.getByRole('checkbox', { name: /Payer identity and address/ }));
  expect(changes.at(-1)!.fields).toEqual(['document', 'person']);
  // installments are chosen in the card iFrame: an APM has no such field
  expect(screen.queryByLabelText(/Installments/)).toBeNull();
});

test("a card shows its installment counts, and the backend's error on one count lands on the field", () => {
  editor(CARD, [{ path: 'methods.0.installments.1', message: 'is listed twice' }]);
  const field = screen.getByLabelText(/Installments/) as HTMLInputElement;
  expect(field.value).toBe('3, 6, 12');
  expect(field.getAttribute('aria-invalid')).toBe('true');
  expect(document.getElementById('f-methods-0-installments-error')?.textContent).toBe('is listed twice');
});

test('the page saves the typed counts as numbers, in order and each once, and refuses counts out of range', async () => {
  const { seen } = stubFetch((req) => {
    if (req.path !== '/admin/api/payment-methods') return undefined;
    return req.method === 'GET' ? { body: { methods: [CARD, BOLETO] } } : { body: req.body };
  });
  render(<PaymentMethods api={createAdminApi()} />);
  const field = (await screen.findByLabelText(/Installments/)) as HTMLInputElement;

  fireEvent.input(field, { target: { value: '2, 60, x' } });
  fireEvent.click(screen.getByRole('button', { name: 'Save payment methods' }));
  await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
  expect(document.getElementById('f-methods-0-installments-error')?.textContent).toBe(
    'each must be a whole number from 2 to 48: 60, x',
  );
  expect(seen.some((r) => r.method === 'PUT')).toBe(false);

  fireEvent.input(field, { target: { value: '12 3, 6, 3' } });
  fireEvent.click(screen.getByRole('button', { name: 'Save payment methods' }));
  await screen.findByText(/Saved\./);
  const put = seen.find((r) => r.method === 'PUT')!;
  expect(put.body.methods[0].installments).toEqual([3, 6, 12]);
  expect(put.body.methods[1]).not.toHaveProperty('installments');
});
