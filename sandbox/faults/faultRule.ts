import { z } from 'zod';
import { MAX_LENGTH } from '../../shared/gateway/fields';

/** The gateway endpoints an HTTP fault can hit (the sandbox's own pages and control routes are never faulted). */
export const HTTP_ENDPOINTS = [
  '/v1/authorise',
  '/v1/checkout',
  '/v1/retrievalTrans',
  '/v1/retrievalRefund',
  '/v1/capture',
  '/v1/review',
  '/v1/cancel',
  '/v1/refund',
  '/v1/payout',
] as const;
export type HttpEndpoint = (typeof HTTP_ENDPOINTS)[number];

/** Kinds that change an answer to a `/v1/*` call, and kinds that change a notification the sandbox sends. */
const HTTP_KINDS = ['latency', 'timeout', 'status', 'malformed'] as const;
const NOTIFY_KINDS = ['drop', 'duplicate', 'delay', 'reorder'] as const;

// ten minutes: long enough for any client time-out a test sets, short enough that a typo cannot park a request for a day
const MAX_MS = 600_000;
const ms = z.int().min(0).max(MAX_MS);

const fault = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('latency'), ms }),
  z.strictObject({ kind: z.literal('timeout') }),
  z.strictObject({ kind: z.literal('status'), status: z.union([z.literal(500), z.literal(502), z.literal(503)]) }),
  z.strictObject({ kind: z.literal('malformed') }),
  z.strictObject({ kind: z.literal('drop') }),
  z.strictObject({ kind: z.literal('duplicate') }),
  z.strictObject({ kind: z.literal('delay'), ms }),
  z.strictObject({ kind: z.literal('reorder') }),
]);
export type Fault = z.infer<typeof fault>;

/**
 * `POST /sandbox/faults`. `endpoint` `*` means every `/v1/*` endpoint (never `notify`: a notification fault is
 * always asked for by name). `apply` only has a meaning for HTTP faults and defaults to `before`.
 */
export const faultRuleBody = z
  .strictObject({
    endpoint: z.enum([...HTTP_ENDPOINTS, 'notify', '*']),
    account_id: z.string().min(1).max(MAX_LENGTH.account_id).optional(),
    order_no: z.string().min(1).max(MAX_LENGTH.order_no).optional(),
    /** how many times the rule fires; unlimited when absent */
    times: z.int().min(1).optional(),
    fault,
    apply: z.enum(['before', 'after']).optional(),
  })
  .superRefine((rule, ctx) => {
    const forNotify = (NOTIFY_KINDS as readonly string[]).includes(rule.fault.kind);
    if (forNotify && rule.endpoint !== 'notify') {
      ctx.addIssue({
        code: 'custom',
        path: ['fault', 'kind'],
        message: `${rule.fault.kind} is a notification fault: endpoint must be "notify"`,
      });
    }
    if (!forNotify && rule.endpoint === 'notify') {
      ctx.addIssue({
        code: 'custom',
        path: ['fault', 'kind'],
        message: `a notify rule takes one of ${NOTIFY_KINDS.join(', ')}; ${HTTP_KINDS.join(', ')} are for /v1 endpoints`,
      });
    }
    if (forNotify && rule.apply !== undefined)
      ctx.addIssue({ code: 'custom', path: ['apply'], message: 'apply is only for faults of /v1 endpoints' });
  });
export type FaultRuleBody = z.infer<typeof faultRuleBody>;

/** A rule as the switch holds and lists it. */
export interface FaultRule {
  id: string;
  endpoint: FaultRuleBody['endpoint'];
  account_id: string | null;
  order_no: string | null;
  /** firings left; null = unlimited. A spent rule (0) stays listed so a test can read how often it fired. */
  times: number | null;
  fired: number;
  fault: Fault;
  /** null for notification faults */
  apply: 'before' | 'after' | null;
}
