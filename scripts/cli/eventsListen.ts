import { setTimeout as sleep } from 'node:timers/promises';
import { SHOP_EVENT_SIGNATURE_HEADER, type ShopEvent } from '../../shared/contract/shopEvents';
import { newEndpointSecret } from '../../server/shopEvents/endpointSecrets';
import { signShopEvent } from '../../server/shopEvents/signShopEvent';
import type { EventPuller } from './eventsPull';
import type { CliIo } from './io';

export interface ListenOptions {
  /** the local receiver, e.g. http://localhost:3000/hook */
  forwardTo: string;
  /** the secret to sign with (default: a new one, printed once) */
  secret?: string | undefined;
  /** stop after this many events were forwarded */
  count?: number | undefined;
  /** stop after this many seconds */
  timeoutSeconds?: number | undefined;
  /** how long to wait between two empty pulls */
  pollMs?: number;
  /** Ctrl-C */
  signal: AbortSignal;
}

/**
 * `events listen --forward-to URL`: pulls the events the backend lists from now on (`GET /api/events` with a
 * cursor: a laptop behind NAT cannot be pushed to) and posts each to the local URL exactly as a push would come,
 * the same body signed the same way (server/shopEvents/signShopEvent.ts) with a local secret printed once at start,
 * so the shop's handler is tested with its own verification. One line per event with the local answer. Stops on
 * Ctrl-C, after `count` events, or after `timeoutSeconds`; answers 1 when the timeout came before `count`.
 */
export async function listenForEvents(puller: EventPuller, o: ListenOptions, io: Pick<CliIo, 'stdout' | 'stderr'>) {
  const secret = o.secret ?? newEndpointSecret();
  let after = await puller.newestId();
  io.stderr.write(`forwarding the backend's new events to ${o.forwardTo}, signed with this secret (shown once):\n`);
  io.stdout.write(`${secret}\n`);
  io.stderr.write('waiting for events (Ctrl-C to stop)...\n');
  const deadline = o.timeoutSeconds === undefined ? undefined : Date.now() + o.timeoutSeconds * 1000;
  let forwarded = 0;
  while (!o.signal.aborted && (o.count === undefined || forwarded < o.count)) {
    if (deadline !== undefined && Date.now() >= deadline) {
      io.stderr.write(`timeout: ${forwarded} event(s) forwarded in ${o.timeoutSeconds} s\n`);
      return o.count === undefined ? 0 : 1;
    }
    const page = await puller.page(after);
    for (const event of page.events) {
      if (o.signal.aborted || (o.count !== undefined && forwarded >= o.count)) break;
      io.stdout.write(`${describe(event)} -> ${await forward(o.forwardTo, secret, event)}\n`);
      after = event.id;
      forwarded++;
    }
    if (!page.has_more) await sleep(o.pollMs ?? 1000, undefined, { signal: o.signal }).catch(() => undefined);
  }
  io.stderr.write(`${forwarded} event(s) forwarded\n`);
  return 0;
}

function describe(event: ShopEvent): string {
  const subject = 'order' in event ? event.order.order_no : 'payout' in event ? event.payout.request_id : '';
  return `${event.created_at}  ${event.id}  ${event.type}${subject ? `  ${subject}` : ''}`;
}

/** Posts the event signed, as the backend's delivery does; answers the local server's status and the start of its answer. */
async function forward(url: string, secret: string, event: ShopEvent): Promise<string> {
  const body = JSON.stringify(event);
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        [SHOP_EVENT_SIGNATURE_HEADER]: signShopEvent([secret], Math.floor(Date.now() / 1000), body),
      },
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(10_000),
    });
    const text = (await res.text()).replace(/\s+/g, ' ').trim().slice(0, 100);
    return `${res.status}${res.statusText ? ` ${res.statusText}` : ''}${text ? `  ${text}` : ''}`;
  } catch (e) {
    return `not delivered: ${(e as Error).cause instanceof Error ? ((e as Error).cause as Error).message : (e as Error).message}`;
  }
}
