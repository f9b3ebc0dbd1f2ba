import { expect, test } from 'vitest';
import { gatewayMessageText } from './gatewayMessageText';

test('gateway codes become words, the code kept apart for the detail', () => {
  expect(gatewayMessageText('4001:Insufficient funds')).toEqual({
    text: 'Declined by the bank: insufficient funds',
    code: '4001',
  });
  expect(gatewayMessageText('4999:Do not honor')).toEqual({ text: 'Declined by the bank', code: '4999' });
  expect(gatewayMessageText('not sent: the gateway could not be reached')).toEqual({
    text: 'not sent: the gateway could not be reached',
  });
  expect(gatewayMessageText(null)).toEqual({ text: '' });
});

test('a successful attempt reads as approved, never as a technical problem (issue #32)', () => {
  expect(gatewayMessageText('0000:Approved')).toEqual({ text: 'Approved', code: '0000' });
  expect(gatewayMessageText('0000:Success')).toEqual({ text: 'Approved', code: '0000' });
});
