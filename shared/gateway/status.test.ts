import { describe, expect, it } from 'vitest';
import {
  PAYMENT_STATUSES,
  canApply,
  canTransition,
  isFinal,
  isForward,
  statusesAllowing,
  type PaymentEvent,
  type PaymentStatus,
} from './status';

const EVENTS: PaymentEvent[] = [
  'authorise',
  'pay',
  'decline',
  'cancel',
  'shopper_cancel',
  'hold',
  'capture',
  'review_approve',
  'review_reject',
  'refund_partial',
  'refund_full',
];

/**
 * docs/protocol-decisions.md 4, written out by hand: for each status, each allowed event and where it may lead.
 * Anything not listed must be refused (E0009).
 */
const EXPECTED: Record<PaymentStatus, Partial<Record<PaymentEvent, PaymentStatus[]>>> = {
  '1000': { authorise: ['2000'], pay: ['3000'], decline: ['4000'], shopper_cancel: ['5000'], hold: ['6000'] },
  '6000': { review_approve: ['2000', '3000'], review_reject: ['5000'] },
  '2000': { capture: ['3000'], cancel: ['5000'] },
  '3000': { refund_partial: ['3100'], refund_full: ['4100'] },
  '3100': { refund_partial: ['3100'], refund_full: ['4100'] },
  '4100': {},
  '4000': {},
  '5000': {},
};

describe('the transition table', () => {
  it('covers exactly the eight statuses', () => {
    expect([...PAYMENT_STATUSES].sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  for (const from of Object.keys(EXPECTED) as PaymentStatus[]) {
    for (const event of EVENTS) {
      const allowed = EXPECTED[from][event] !== undefined;
      it(`${from} + ${event}: ${allowed ? 'allowed' : 'refused'}`, () => {
        expect(canApply(from, event)).toBe(allowed);
      });
    }
  }

  it('canTransition allows exactly the listed targets', () => {
    for (const from of PAYMENT_STATUSES) {
      const targets = new Set(Object.values(EXPECTED[from]).flat());
      for (const to of PAYMENT_STATUSES) expect(canTransition(from, to), `${from} -> ${to}`).toBe(targets.has(to));
    }
  });

  it('statusesAllowing names where an operation may be sent', () => {
    expect(statusesAllowing('refund_full').sort()).toEqual(['3000', '3100']);
    expect(statusesAllowing('capture')).toEqual(['2000']);
    // the merchant's cancel is for authorised orders only; a pending one is cancelled by the shopper
    expect(statusesAllowing('cancel')).toEqual(['2000']);
    expect(statusesAllowing('shopper_cancel')).toEqual(['1000']);
    expect(statusesAllowing('review_reject')).toEqual(['6000']);
  });
});

describe('isFinal', () => {
  it('refunded, declined and cancelled are final; the rest are not', () => {
    const finals = PAYMENT_STATUSES.filter(isFinal).sort();
    expect(finals).toEqual(['4000', '4100', '5000']);
  });
});

describe('isForward', () => {
  /** Everything reachable from each status by one or more moves of the protocol. */
  const REACHABLE: Record<PaymentStatus, PaymentStatus[]> = {
    '1000': ['2000', '3000', '3100', '4100', '4000', '5000', '6000'],
    '6000': ['2000', '3000', '3100', '4100', '5000'],
    '2000': ['3000', '3100', '4100', '5000'],
    '3000': ['3100', '4100'],
    '3100': ['3100', '4100'],
    '4100': [],
    '4000': [],
    '5000': [],
  };

  it('is true exactly for statuses later in the machine, so late notifications never move an order back', () => {
    for (const from of PAYMENT_STATUSES) {
      for (const to of PAYMENT_STATUSES)
        expect(isForward(from, to), `${from} -> ${to}`).toBe(REACHABLE[from].includes(to));
    }
  });

  it('examples: a late "pending" after "paid" is backwards, a second partial refund is forward', () => {
    expect(isForward('3000', '1000')).toBe(false);
    expect(isForward('4100', '3100')).toBe(false);
    expect(isForward('3100', '3100')).toBe(true);
    expect(isForward('3000', '3000')).toBe(false);
  });
});
