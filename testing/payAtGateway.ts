/**
 * A card payment made at the sandbox directly, signed with the account's key as another shop on the same gateway
 * account would make it: for a test that needs the gateway to hold a payment the backend never made. The next
 * payment request for that order number is then refused (I0061, sandbox/README.md), which is how a browser test
 * provokes the gateway's refusal of a checkout.
 */
import { MANUAL, paymentOrder, type TestAccount } from '../sandbox/testing/gatewayCalls';
import { openCardPage, submitCard, transactionsOf } from '../sandbox/testing/flows';

export async function payAtGateway(sandboxUrl: string, gatewayOrderNo: string, account: TestAccount = MANUAL) {
  const page = await openCardPage(sandboxUrl, account, paymentOrder({ order_no: gatewayOrderNo }));
  // the shopper of that other shop is sent back to it (a 303 or a posted form, by the dialect): not followed here
  await (await submitCard(page, '4242424242424242')).arrayBuffer();
  const [tx] = await transactionsOf(sandboxUrl, gatewayOrderNo);
  if (!tx || !['2000', '3000'].includes(tx.payment_status))
    throw new Error(`payAtGateway: ${gatewayOrderNo} is ${tx ? tx.payment_status : 'not at the gateway'}`);
  return tx;
}
