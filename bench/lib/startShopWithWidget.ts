import { UNLIMITED_RATES } from './backendEnv';
import { buildWidget } from './buildWidget';
import { serveStatic } from './serveStatic';
import { startTarget } from './startTarget';

export interface ShopWithWidget {
  /** the shop's origin: `/` answers the page last set, `/widget/<file>` the widget as built */
  shopUrl: string;
  /** the backend (its own process) whose ALLOWED_ORIGINS holds the shop; its gateway is unreachable */
  backendUrl: string;
  setPage(html: string): void;
  close(): Promise<void>;
}

/**
 * The browser benchmarks' scene: the widget built afresh, served with a shop page on an origin of its own, and a
 * backend that takes sessions from that origin (no payment reaches a gateway).
 */
export async function startShopWithWidget(): Promise<ShopWithWidget> {
  const built = await buildWidget();
  let page = '';
  const shop = await serveStatic(() => page, built.dir);
  const backend = await startTarget({
    kind: 'backend',
    gatewayUrl: 'http://127.0.0.1:9',
    backendEnv: { ...UNLIMITED_RATES, ALLOWED_ORIGINS: shop.url },
  });
  return {
    shopUrl: shop.url,
    backendUrl: backend.url,
    setPage: (html) => {
      page = html;
    },
    async close() {
      await backend.close();
      await shop.close();
      built.remove();
    },
  };
}
