import { GatewayError } from '../errors/GatewayError';
import { GatewayRejectedError } from '../errors/GatewayRejectedError';
import { GatewayUnavailableError } from '../errors/GatewayUnavailableError';
import { isHttpUrl } from '../core/isHttpUrl';
import { parseXml } from '../core/parseXml';
import { refusalIn } from '../core/readRefusalAnswer';
import type { GatewayHttpResponse } from '../core/callGateway';
import type { CallOptions } from '../types/client';
import type { ApmResult, AuthoriseOrder, AuthoriseResponse } from '../types/payment';
import type { OperationContext } from './context';
import { resolveIssuerPage } from './resolveIssuerPage';
import { signPaymentOrder } from './signPaymentOrder';

/**
 * `/v1/authorise`: posts the signed APM order as JSON, reads the `<respon>` XML, then asks issuer_url where the
 * shopper goes (docs/protocol-decisions.md 8). The answer is not signed (docs/protocol-decisions.md 3), so its echo of
 * our order is checked instead: an answer about another order or amount is not trusted.
 */
export async function authorise(
  ctx: OperationContext,
  order: AuthoriseOrder,
  call?: CallOptions,
): Promise<AuthoriseResponse> {
  const fields = signPaymentOrder(ctx, 'authorise', order);
  const result = await ctx.call({
    operation: 'authorise',
    method: 'POST',
    url: ctx.url('/v1/authorise'),
    body: { type: 'json', fields, contentType: ctx.profile.contentTypes.authorise },
    timeoutMs: ctx.timeoutMs,
    call,
    interpret: (res) => readApmResult(ctx, order, res),
  });
  let redirectUrl: string;
  try {
    redirectUrl = await resolveIssuerPage(ctx, result.issuer_url, call);
  } catch (e) {
    // the payment exists at the gateway now: whatever failed on the way to its page (refused, DNS, a 4xx, an
    // unreadable answer), nothing says it will not be paid, so the outcome is unknown, never a refusal; a query
    // settles it (issue #18)
    if (e instanceof GatewayError && e.outcomeUnknown) throw e;
    const why = e instanceof GatewayError ? e.message : String(e);
    throw new GatewayUnavailableError(
      'issuerPage',
      `the payment was created but its issuer page could not be read (${why})`,
      true,
      undefined,
      { cause: e },
    );
  }
  return { issuerUrl: result.issuer_url, redirectUrl, result };
}

function readApmResult(ctx: OperationContext, order: AuthoriseOrder, res: GatewayHttpResponse): ApmResult {
  // a refusal answered 200 in the profile's envelope (XML or JSON) is a refusal, never an unreadable answer
  const refused = refusalIn('authorise', ctx.profile, res);
  if (refused) throw refused;
  if (!/\bxml\b/i.test(res.contentType)) throw new Error(`expected XML, got "${res.contentType}"`);
  const { root, fields } = parseXml(res.text);
  if (root !== 'respon') throw new Error(`expected <respon>, got <${root}>`);
  if (fields.code && !fields.issuer_url) {
    // an error document with a 200 status: still the gateway's refusal, nothing was created
    throw new GatewayRejectedError('authorise', fields.code, fields.source ?? '', fields.message ?? '', res.status);
  }
  const expected: Record<string, string> = {
    merchant_id: ctx.merchantId,
    account_id: ctx.accountId,
    order_no: order.order_no,
    currency: order.currency,
    amount: order.amount,
  };
  for (const [name, value] of Object.entries(expected)) {
    if (fields[name] !== value)
      throw new Error(`${name} is ${JSON.stringify(fields[name])}, expected ${JSON.stringify(value)}`);
  }
  const issuer = fields.issuer_url ?? '';
  if (!isHttpUrl(issuer)) throw new Error(`issuer_url is not an http(s) URL: ${JSON.stringify(issuer)}`);
  return { ...fields, ...expected, issuer_url: issuer } as ApmResult;
}
