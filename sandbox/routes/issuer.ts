import { Hono } from 'hono';
import type { SandboxDeps, SandboxEnv } from '../app';
import { GatewayError } from '../http/gatewayError';
import { readFields, type Fields } from '../http/readFields';
import { ISSUER_ACTIONS, renderIssuerPage, type IssuerAction } from '../pages/renderIssuerPage';
import { amountText } from '../payments/amountText';
import { finishPayment, type Finish } from '../payments/finishPayment';
import { sendShopperBack } from '../payments/sendShopperBack';
import { STATUS_NAME } from '../../shared/gateway/status';
import { loadPageTransaction } from './loadPageTransaction';

const FINISH_OF: Record<Exclude<IssuerAction, 'pending'>, Finish> = {
  approve: { kind: 'approve' },
  decline: { kind: 'decline', message: '4000:Declined by the issuer' },
  cancel: { kind: 'cancel', message: '5000:Cancelled by the shopper' },
};

/**
 * The APM issuer page at `issuer_url` (docs/protocol-decisions.md 8): GET shows it (200, so `issuer_url` is itself the
 * page to send the shopper to); POST applies the shopper's button and ends with the shopper sent back to return_url
 * (`sendShopperBack`: a 303, or a form posted in the sample dialect).
 */
export function issuerRoute(deps: SandboxDeps) {
  return new Hono<SandboxEnv>()
    .get('/:id', async (c) => {
      const { tx } = await loadPageTransaction(deps, c.req.param('id'), c.req.query('token'), 'authorise');
      const request = JSON.parse(tx.request_json) as Fields;
      c.header('Cache-Control', 'no-store');
      return c.html(
        renderIssuerPage({
          action: `${deps.publicUrl}/issuer/${tx.transaction_id}`,
          token: tx.page_token,
          method: tx.payment_method,
          orderNo: tx.order_no,
          amountText: amountText(tx),
          website: String(request.website ?? ''),
          ...(tx.status === '1000' ? {} : { done: `This payment is already ${STATUS_NAME[tx.status]}.` }),
        }),
      );
    })
    .post('/:id', async (c) => {
      const form = await readFields(c, ['form']);
      const { tx, account } = await loadPageTransaction(deps, c.req.param('id'), form.token, 'authorise');
      c.set('accountId', account.account_id);
      const action = ISSUER_ACTIONS.find(([value]) => value === form.action)?.[0];
      if (!action)
        throw new GatewayError('I0059', 'action', `action must be one of ${ISSUER_ACTIONS.map(([v]) => v).join(', ')}`);
      const row =
        action === 'pending'
          ? tx
          : await finishPayment(
              deps.db,
              account,
              tx.transaction_id,
              FINISH_OF[action],
              {},
              () => true,
              deps.now(),
              deps.profile,
            );
      deps.onEnqueued();
      return sendShopperBack(c, account, row, deps.profile);
    });
}
