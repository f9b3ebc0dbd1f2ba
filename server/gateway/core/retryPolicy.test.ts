import { describe, expect, it } from 'vitest';
import { GatewayProtocolError } from '../errors/GatewayProtocolError';
import { GatewayRejectedError } from '../errors/GatewayRejectedError';
import { GatewayTimeoutError } from '../errors/GatewayTimeoutError';
import { GatewayUnavailableError } from '../errors/GatewayUnavailableError';
import { CALL_RULES, DEFAULT_RETRY, parseRetryAfter, retryDelay } from './retryPolicy';

const opts = { maxRetries: 3, baseDelayMs: 100, maxDelayMs: 1000 };
const timeout = new GatewayTimeoutError('query', 100, false);

describe('CALL_RULES', () => {
  it('retries only the calls that cannot pay twice', () => {
    const retried = Object.entries(CALL_RULES)
      .filter(([, r]) => r.retry)
      .map(([op]) => op)
      .sort();
    expect(retried).toEqual(['issuerPage', 'payout', 'query', 'retrievalRefund']);
    expect(CALL_RULES.checkout.outcomeUnknown && CALL_RULES.authorise.outcomeUnknown).toBe(true);
    expect(CALL_RULES.query.outcomeUnknown).toBe(false);
  });
});

describe('retryDelay', () => {
  it('backs off exponentially within [ceiling/2, ceiling], capped', () => {
    expect(retryDelay(timeout, 1, opts, null, () => 0)).toBe(50);
    expect(retryDelay(timeout, 1, opts, null, () => 1)).toBe(100);
    expect(retryDelay(timeout, 3, opts, null, () => 1)).toBe(400);
    expect(retryDelay(timeout, 3, { ...opts, maxDelayMs: 300 }, null, () => 1)).toBe(300);
  });

  it('stops after maxRetries', () => {
    expect(retryDelay(timeout, 4, opts)).toBeUndefined();
    expect(retryDelay(timeout, DEFAULT_RETRY.maxRetries + 1, DEFAULT_RETRY)).toBeUndefined();
  });

  it('retries time-outs, 5xx, network failures and 429, nothing else', () => {
    expect(retryDelay(new GatewayUnavailableError('query', 'x', false, 503), 1, opts)).toBeDefined();
    expect(retryDelay(new GatewayUnavailableError('query', 'x', false), 1, opts)).toBeDefined();
    expect(retryDelay(new GatewayRejectedError('query', '', '', 'slow', 429), 1, opts)).toBeDefined();
    expect(retryDelay(new GatewayRejectedError('query', 'I0072', 'ip', 'no', 403), 1, opts)).toBeUndefined();
    expect(retryDelay(new GatewayProtocolError('query', 'garbled', false), 1, opts)).toBeUndefined();
    expect(retryDelay(new Error('other'), 1, opts)).toBeUndefined();
  });

  it('honours Retry-After up to the cap, and gives up beyond it', () => {
    expect(retryDelay(timeout, 1, opts, '1')).toBe(1000);
    expect(retryDelay(timeout, 1, opts, '5')).toBeUndefined();
  });
});

describe('parseRetryAfter', () => {
  it('reads seconds and HTTP dates', () => {
    expect(parseRetryAfter('2')).toBe(2000);
    expect(parseRetryAfter(new Date(10_000).toUTCString(), 8_000)).toBe(2000);
    expect(parseRetryAfter('soon')).toBeUndefined();
    expect(parseRetryAfter(null)).toBeUndefined();
  });
});
