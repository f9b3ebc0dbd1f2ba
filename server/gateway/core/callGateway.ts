import { GatewayError } from '../errors/GatewayError';
import { GatewayProtocolError } from '../errors/GatewayProtocolError';
import { GatewayRejectedError } from '../errors/GatewayRejectedError';
import { GatewayTimeoutError } from '../errors/GatewayTimeoutError';
import { GatewayUnavailableError } from '../errors/GatewayUnavailableError';
import type { CallOptions } from '../types/client';
import type { GatewayCallRecord } from '../types/config';
import type { GatewayOperation } from '../types/operation';
import { encodeBody, type BodyType } from './encodeBody';
import { maskFields, maskResponseText } from './maskForLog';
import { readRejection } from './readRejection';
import { CALL_RULES, retryDelay, type RetryOptions } from './retryPolicy';
import {
  NotPublicAddress,
  ResponseTooLarge,
  TransportTimeout,
  type Transport,
  type TransportResponse,
} from './transport';

/** Answers larger than this are refused unread: the gateway's biggest page is a few tens of KiB. */
export const MAX_RESPONSE_BYTES = 1024 * 1024;

export interface GatewayHttpResponse extends TransportResponse {
  contentType: string;
}

interface CallSpec<T> {
  operation: GatewayOperation;
  method: 'GET' | 'POST';
  url: string;
  /** `contentType`: the header the gateway profile names for this call */
  body?: { type: BodyType; fields: Readonly<Record<string, unknown>>; contentType?: string };
  timeoutMs: number;
  /** a 3xx is an answer to interpret (the issuer page), not a protocol fault */
  acceptRedirect?: boolean;
  /** connect only to a public address, the one checked (TransportRequest.publicAddressOnly) */
  publicAddressOnly?: boolean | undefined;
  /**
   * Turns the answer (2xx, or 3xx when accepted) into the result. A GatewayError it throws passes through; any
   * other throw means the answer is unusable and becomes a GatewayProtocolError.
   */
  interpret: (response: GatewayHttpResponse) => T;
  /** what the caller passed to the operation (CallOptions.collect) */
  call?: CallOptions | undefined;
}

export type CallGateway = <T>(spec: CallSpec<T>) => Promise<T>;

export interface CallerDeps {
  transport: Transport;
  retry: RetryOptions;
  onCall?: (record: GatewayCallRecord, call: CallOptions) => void;
  sleep?: (ms: number) => Promise<void>;
}

/**
 * The transport: one place that sends, times out, reads within a size limit, maps HTTP failures to the error
 * classes, retries where `CALL_RULES` allows, and reports every attempt to `onCall`.
 */
export function createCaller(deps: CallerDeps): CallGateway {
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));

  return async function callGateway<T>(spec: CallSpec<T>): Promise<T> {
    const rule = CALL_RULES[spec.operation];
    // the first failure after which the gateway may have acted: once one attempt may have reached it, the call's
    // outcome stays unknown whatever later attempts say ("connection refused" on a retry says nothing about the
    // first send, whose payout may exist)
    let mayHaveActed: GatewayError | undefined;
    for (let attempt = 1; ; attempt++) {
      const { result, error, retryAfter } = await attemptOnce(spec, attempt, deps);
      if (!error) return result as T;
      if (error.outcomeUnknown) mayHaveActed ??= error;
      const delay = rule.retry ? retryDelay(error, attempt, deps.retry, retryAfter) : undefined;
      if (delay === undefined) throw error.outcomeUnknown ? error : (mayHaveActed ?? error);
      await sleep(delay);
    }
  };
}

async function attemptOnce<T>(
  spec: CallSpec<T>,
  attempt: number,
  deps: CallerDeps,
): Promise<{ result?: T; error?: GatewayError; retryAfter?: string | null }> {
  const unknownIfFailed = CALL_RULES[spec.operation].outcomeUnknown;
  const startedAt = new Date();
  const encoded = spec.body && encodeBody(spec.body.type, spec.body.fields, spec.body.contentType);
  let response: GatewayHttpResponse | undefined;
  let result: T | undefined;
  let error: GatewayError | undefined;

  try {
    const res = await deps.transport({
      method: spec.method,
      url: spec.url,
      headers: encoded ? { 'content-type': encoded.contentType, accept: '*/*' } : { accept: '*/*' },
      body: encoded?.body,
      timeoutMs: spec.timeoutMs,
      maxBytes: MAX_RESPONSE_BYTES,
      publicAddressOnly: spec.publicAddressOnly,
    });
    response = { ...res, contentType: res.headers.get('content-type') ?? '' };
  } catch (e) {
    if (e instanceof TransportTimeout) error = new GatewayTimeoutError(spec.operation, spec.timeoutMs, unknownIfFailed);
    else if (e instanceof ResponseTooLarge || e instanceof NotPublicAddress)
      error = new GatewayProtocolError(spec.operation, e.message, unknownIfFailed);
    else {
      // a refused connection means the request never left this process: the outcome is known (nothing happened)
      // (node:http puts the code on the error, fetch on its cause)
      const code = (e as { code?: unknown })?.code ?? (e as { cause?: { code?: unknown } })?.cause?.code ?? '';
      const neverSent = code === 'ECONNREFUSED' || code === 'ENOTFOUND' || code === 'EAI_AGAIN';
      error = new GatewayUnavailableError(
        spec.operation,
        `network failure (${code || String(e)})`,
        unknownIfFailed && !neverSent,
        undefined,
        { cause: e },
      );
    }
  }

  if (response && !error) {
    try {
      result = interpretStatus(spec, response, unknownIfFailed);
    } catch (e) {
      error =
        e instanceof GatewayError
          ? e
          : new GatewayProtocolError(
              spec.operation,
              `unusable answer: ${(e as Error).message}`,
              unknownIfFailed,
              response.status,
              { cause: e },
            );
    }
  }

  report(
    deps,
    {
      operation: spec.operation,
      method: spec.method,
      url: spec.url,
      attempt,
      ...(spec.body ? { request: maskFields(spec.body.fields) as Record<string, unknown> } : {}),
      ...(response
        ? { httpStatus: response.status, response: maskResponseText(response.text, response.contentType) }
        : {}),
      outcome: outcomeOf(error),
      ...(error && 'code' in error && typeof error.code === 'string' && error.code ? { errorCode: error.code } : {}),
      durationMs: Date.now() - startedAt.getTime(),
      startedAt: startedAt.toISOString(),
    },
    spec.call,
  );
  return error ? { error, retryAfter: response?.headers.get('retry-after') } : { result };
}

function interpretStatus<T>(spec: CallSpec<T>, response: GatewayHttpResponse, unknownIfFailed: boolean): T {
  const { status } = response;
  if (status >= 500) {
    throw new GatewayUnavailableError(spec.operation, `gateway answered HTTP ${status}`, unknownIfFailed, status);
  }
  if (status >= 400) {
    const r = readRejection(response.text, response.contentType);
    throw new GatewayRejectedError(spec.operation, r.code, r.source, r.message || `HTTP ${status}`, status);
  }
  if (status >= 300 && !spec.acceptRedirect) {
    throw new GatewayProtocolError(spec.operation, `unexpected redirect (HTTP ${status})`, unknownIfFailed, status);
  }
  if (status < 200)
    throw new GatewayProtocolError(spec.operation, `unexpected HTTP ${status}`, unknownIfFailed, status);
  return spec.interpret(response);
}

function outcomeOf(error: GatewayError | undefined): GatewayCallRecord['outcome'] {
  if (!error) return 'ok';
  if (error instanceof GatewayTimeoutError) return 'timeout';
  if (error instanceof GatewayUnavailableError) return 'unavailable';
  if (error instanceof GatewayRejectedError) return 'rejected';
  return 'protocol';
}

function report(deps: CallerDeps, record: GatewayCallRecord, call: CallOptions = {}): void {
  try {
    call.collect?.(record);
    deps.onCall?.(record, call);
  } catch {
    // the audit hook must never change the outcome of a payment call
  }
}
