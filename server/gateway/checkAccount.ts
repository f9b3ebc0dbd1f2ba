import { randomUUID } from 'node:crypto';
import { GatewayProtocolError } from './errors/GatewayProtocolError';
import { GatewayRejectedError } from './errors/GatewayRejectedError';
import { GatewayRequestError } from './errors/GatewayRequestError';
import { GatewayTimeoutError } from './errors/GatewayTimeoutError';
import { GatewayUnavailableError } from './errors/GatewayUnavailableError';
import type { GatewayClient } from './types/client';

interface CheckStep {
  name: string;
  ok: boolean;
  /** in words: what works, or which part of the profile or the set-up is wrong and what to change */
  says: string;
}

/**
 * Checks a real gateway account with calls that move no money (docs/protocol-decisions.md 9): a query of a made-up
 * order proves the address, the credentials, the registered IP, the query signature and content type; a refund
 * search of a made-up order proves the refund-search signature, content type and answer shape. A "not found"
 * answer that is correctly signed and echoed is success: only an account that accepts our signature says that.
 */
export async function checkAccount(gateway: GatewayClient, madeUp = `CHECK-${randomUUID().slice(0, 8)}`) {
  const steps: CheckStep[] = [];
  steps.push(
    await step('query', 'query', async () => {
      const records = await gateway.query({ orders: [madeUp] });
      const found = records.find((r) => r.order_no === madeUp && r.query_result === '1');
      return found
        ? `the gateway says an order ${madeUp} exists: check MERCHANT_ID and ACCOUNT_ID`
        : "the address, the credentials, this machine's registered IP, the query signature and its content type work";
    }),
  );
  steps.push(
    await step('refund search', 'retrievalRefund', async () => {
      await gateway.retrievalRefund({ refund_orders: [madeUp], refund_references: [`${madeUp}-REF`] });
      return "the refund-search signature, its content type and the answer's refund_orders list work";
    }),
  );
  return { ok: steps.every((s) => s.ok), steps };
}

/** The profile key of each call's signature and content type, for the advice. */
type Call = 'query' | 'retrievalRefund';

async function step(name: string, call: Call, run: () => Promise<string>): Promise<CheckStep> {
  try {
    const says = await run();
    return { name, ok: !says.startsWith('the gateway says'), says };
  } catch (e) {
    return { name, ...explain(e, call) };
  }
}

function explain(e: unknown, call: Call): { ok: boolean; says: string } {
  if (e instanceof GatewayRejectedError) {
    switch (e.code) {
      case 'I0115':
        // "not found", with our signature accepted
        return { ok: true, says: 'the gateway accepted the signed request and found nothing, as expected' };
      case 'I0013':
        return {
          ok: false,
          says: `the gateway refused the signature (I0013): SIGN_KEY is wrong, or the profile's signatures.${call} field list is (GATEWAY_PROFILE_FILE)`,
        };
      case 'I0072':
        return {
          ok: false,
          says: "this machine's IP address is not registered for queries at the gateway (I0072): register it in the merchant portal",
        };
      case 'I0004':
        return {
          ok: false,
          says: 'the account does not belong to the merchant (I0004): check MERCHANT_ID and ACCOUNT_ID',
        };
      case 'I0001':
      case 'I0002':
      case 'I0003':
      case 'I0059':
        return {
          ok: false,
          says: `the gateway did not read the request's fields (${e.code}${e.source ? `, ${e.source}` : ''}: ${e.gatewayMessage}): the profile's contentTypes.${call} is probably wrong (GATEWAY_PROFILE_FILE)`,
        };
      default:
        return {
          ok: false,
          says: `the gateway refused the request: ${e.code || `HTTP ${e.httpStatus}`} ${e.gatewayMessage}`,
        };
    }
  }
  if (e instanceof GatewayTimeoutError || e instanceof GatewayUnavailableError) {
    return {
      ok: false,
      says: `the gateway could not be reached or failed (${e.message}): check GATEWAY_BASE_URL, the network and its TLS certificate`,
    };
  }
  if (e instanceof GatewayProtocolError || e instanceof GatewayRequestError) {
    return {
      ok: false,
      says: `the answer is not in the shape the profile expects (${e.message}): check GATEWAY_BASE_URL points at the gateway's API, and the profile`,
    };
  }
  throw e;
}
