import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliverOne } from '../../shopEvents/deliverOne';
import type { AddressPolicy } from './findPrivateAddress';
import { isPublicAddress } from './isPublicAddress';
import { httpTransport, NotPublicAddress } from './transport';

// #33: the issuer_url and shop-endpoint checks resolved the host, then the connection resolved it again, so a
// name could answer a public address to the check and a private one to the connect (DNS rebinding). The
// connection now goes to the address checked.

/** A receiver on one loopback address; it counts what reaches it. */
async function receiverOn(host: string, port = 0) {
  const hits: string[] = [];
  const server = http.createServer((req, res) => {
    hits.push(`${req.method} ${req.url} host=${req.headers.host}`);
    req.resume();
    res.end('ok');
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  return {
    hits,
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A name server that rebinds: the first answer is `first`, every later one `then`. */
function rebinding(first: string, then: string) {
  const asked: string[] = [];
  const resolve = async (host: string) => {
    asked.push(host);
    return [{ address: asked.length === 1 ? first : then, family: 4 }];
  };
  return { asked, resolve };
}

describe('a connection to a checked address', () => {
  // two loopback addresses on one port: 127.0.0.2 plays the public address the check approves, 127.0.0.3 the
  // private one the name rebinds to
  let approved: Awaited<ReturnType<typeof receiverOn>>;
  let internal: Awaited<ReturnType<typeof receiverOn>>;
  beforeAll(async () => {
    approved = await receiverOn('127.0.0.2');
    internal = await receiverOn('127.0.0.3', approved.port);
  });
  afterAll(async () => {
    await approved?.close();
    await internal?.close();
  });

  it('goes to the very address the check approved, never to what the name resolves to next', async () => {
    const dns = rebinding('127.0.0.2', '127.0.0.3');
    const policy: AddressPolicy = { resolve: dns.resolve, isPublic: (a) => a === '127.0.0.2' };
    const send = httpTransport(policy);
    const res = await send({
      method: 'POST',
      url: `http://shop.test:${approved.port}/events`,
      headers: { 'content-type': 'application/json' },
      body: '{}',
      timeoutMs: 5000,
      maxBytes: 1024,
      publicAddressOnly: true,
    });
    expect(res).toMatchObject({ status: 200, text: 'ok' });
    expect(approved.hits).toEqual([`POST /events host=shop.test:${approved.port}`]);
    expect(internal.hits).toEqual([]);
    expect(dns.asked).toEqual(['shop.test']);
    // the next request resolves again and gets the private address: refused, nothing sent anywhere
    await expect(
      send({
        method: 'POST',
        url: `http://shop.test:${approved.port}/events`,
        headers: {},
        body: '{}',
        timeoutMs: 5000,
        maxBytes: 1024,
        publicAddressOnly: true,
      }),
    ).rejects.toBeInstanceOf(NotPublicAddress);
    expect(internal.hits).toEqual([]);
    expect(approved.hits).toHaveLength(1);
  });

  it('with the production rule: a name answering a public address is connected there, not to loopback next', async () => {
    const loopback = await receiverOn('127.0.0.1');
    try {
      const dns = rebinding('93.184.215.14', '127.0.0.1');
      const send = httpTransport({ resolve: dns.resolve, isPublic: isPublicAddress });
      // the public address is not reachable from a test machine (or answers something else): whatever happens
      // there, the loopback receiver the name rebinds to never sees the request
      await send({
        method: 'GET',
        url: `http://issuer.test:${loopback.port}/pay`,
        headers: {},
        timeoutMs: 300,
        maxBytes: 1024,
        publicAddressOnly: true,
      }).catch((e: unknown) => e);
      expect(dns.asked).toEqual(['issuer.test']);
      expect(loopback.hits).toEqual([]);
    } finally {
      await loopback.close();
    }
  });

  it('a shop endpoint in production: each non-public spelling is refused before anything is sent', async () => {
    const loopback = await receiverOn('127.0.0.1');
    try {
      const config = {
        production: true,
        shopEvents: {
          timeoutMs: 2000,
          pollMs: 1000,
          retryBaseMs: 1000,
          retryMaxMs: 1000,
          retryForMs: 1000,
          rollOverlapHours: 0,
        },
      };
      const target = { secrets: ['whsec_x'], eventId: 'evt_1', body: '{}' };
      for (const host of [
        '[::127.0.0.1]',
        '[::ffff:127.0.0.1]',
        '[64:ff9b:1::7f00:1]',
        '[2002:7f00:1::1]',
        '127.0.0.1',
      ]) {
        const sent = await deliverOne(
          { ...target, url: `https://${host}:${loopback.port}/events` },
          config,
          () => new Date(),
        );
        expect(sent, host).toMatchObject({ ok: false, statusCode: null, error: expect.stringMatching(/^url /) });
      }
      expect(loopback.hits).toEqual([]);
    } finally {
      await loopback.close();
    }
  });
});
