import type { ShopEndpointView, ShopEndpointWithSecret } from '../../shared/contract/shopEndpoints';
import type { CliIo } from './io';

type Call = <T>(method: string, path: string, body?: unknown) => Promise<T>;

/** What `endpoints <sub>` takes. */
export interface EndpointOptions {
  url?: string | undefined;
  types?: string | undefined;
  id?: string | undefined;
  'overlap-hours'?: string | undefined;
}

/**
 * `npm run cli -- endpoints list | add | roll | test | remove`: the shop's event endpoints over the admin API.
 * `add` and `roll` print the new secret once, on its own line, for the owner to copy to the shop's server.
 * Throws an Error with the usage problem (the caller prints the usage, exit 2).
 */
export async function runEndpoints(
  call: Call,
  sub: string | undefined,
  o: EndpointOptions,
  { stdout, stderr }: Pick<CliIo, 'stdout' | 'stderr'>,
): Promise<number> {
  const out = (v: unknown) => stdout.write(`${typeof v === 'string' ? v : JSON.stringify(v, null, 2)}\n`);
  const needId = () => {
    if (!o.id) throw new Error(`endpoints ${sub} needs --id ENDPOINT_ID`);
    return encodeURIComponent(o.id);
  };
  if (sub === 'list') {
    const { endpoints } = await call<{ endpoints: ShopEndpointView[] }>('GET', '/shop-endpoints');
    for (const e of endpoints)
      out(
        `${e.id}\t${e.enabled ? 'enabled' : 'disabled'}\t${e.url}\t${e.types.join(',')}\t${e.secrets.length} secret(s)`,
      );
    return 0;
  }
  if (sub === 'add') {
    if (!o.url) throw new Error('endpoints add needs --url URL');
    const types = o.types
      ?.split(',')
      .map((t) => t.trim())
      .filter(Boolean);
    const r = await call<ShopEndpointWithSecret>('POST', '/shop-endpoints', {
      url: o.url,
      ...(types ? { types } : {}),
    });
    stderr.write(`endpoint ${r.endpoint.id} added; its secret (shown once, keep it on the shop's server):\n`);
    out(r.secret);
    return 0;
  }
  if (sub === 'roll') {
    const id = needId();
    const hours = o['overlap-hours'];
    const r = await call<ShopEndpointWithSecret>(
      'POST',
      `/shop-endpoints/${id}/roll-secret`,
      hours === undefined ? {} : { overlap_hours: Number(hours) },
    );
    stderr.write(`secret of ${r.endpoint.id} rolled; the new one (shown once):\n`);
    out(r.secret);
    return 0;
  }
  if (sub === 'test') {
    out(await call('POST', `/shop-endpoints/${needId()}/test`, {}));
    return 0;
  }
  if (sub === 'remove') {
    await call('DELETE', `/shop-endpoints/${needId()}`);
    stderr.write(`endpoint ${o.id} removed\n`);
    return 0;
  }
  throw new Error('endpoints takes one of: list, add, roll, test, remove');
}
