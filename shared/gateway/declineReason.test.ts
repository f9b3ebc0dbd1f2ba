import { describe, expect, test } from 'vitest';
import { declineReasonOf, gatewayCodeOf } from './declineReason';

describe('declineReasonOf', () => {
  test.each([
    // the sandbox's test cards, issuer page and hosted page
    ['4000:Do not honor', 'declined', '4000'],
    ['4000:Declined by the issuer', 'declined', '4000'],
    ['4001:Insufficient funds', 'insufficient_funds', '4001'],
    ['4002:3-D Secure authentication failed', 'authentication', '4002'],
    ['5000:Cancelled by the shopper', 'cancelled', '5000'],
    ['5000:Rejected in review', 'risk', '5000'],
    // the backend's own and the gateway's input codes
    ['I0115:not received by the gateway', 'technical', 'I0115'],
    ['I0092:Payment method unknown', 'try_another_method', 'I0092'],
    // codes nobody told us about: the words, then the family
    ['4051:Expired card', 'expired_card', '4051'],
    ['4059:Suspected fraud', 'risk', '4059'],
    ['4014:Invalid card number', 'invalid_card', '4014'],
    ['4057:Transaction not permitted to cardholder', 'try_another_method', '4057'],
    ['4099:Refer to card issuer', 'declined', '4099'],
    ['S0001:Internal error', 'technical', 'S0001'],
  ])('%s -> %s', (message, reason, code) => {
    expect(declineReasonOf(message)).toEqual({ reason, code });
  });

  test('a message without a gateway code (a call never sent, none at all) is technical and carries no code', () => {
    expect(declineReasonOf('not sent: connect ECONNREFUSED 10.0.0.7:443')).toEqual({ reason: 'technical' });
    expect(declineReasonOf(undefined)).toEqual({ reason: 'technical' });
    expect(gatewayCodeOf('4000 Do not honor')).toBeUndefined();
  });
});
