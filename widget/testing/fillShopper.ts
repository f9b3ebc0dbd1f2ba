import { fireEvent, screen } from '@testing-library/preact';

/**
 * Types a valid shopper into the form by its English labels, as a person would find the fields. Fields the chosen
 * method does not ask for (address, phone) are not on the form and are skipped.
 */
export function fillShopper(overrides: Record<string, string> = {}): void {
  const values: Record<string, string> = {
    'First name': 'Ana',
    'Last name': 'Silva',
    Email: 'ana@example.com',
    Phone: '+55 11 91234 5678',
    'Street address': 'Rua Augusta 1500',
    City: 'São Paulo',
    'Postal code': '01304-001',
    ...overrides,
  };
  for (const [label, value] of Object.entries(values)) {
    const field = screen.queryByLabelText(label);
    if (field) fireEvent.input(field, { target: { value } });
  }
}
