import { DEMO_DEFAULTS } from '../server/config';

/**
 * The backend a client talks to: its URL (a backend process runs on the demo secrets), or a backend that carries
 * its configuration (the in-process `startBackend`, whose secrets a test may have changed).
 */
export type BackendRef = string | { url: string; config?: { shopSecret: string; adminToken: string | null } };

export const urlOf = (backend: BackendRef): string => (typeof backend === 'string' ? backend : backend.url);

export const shopSecretOf = (backend: BackendRef): string =>
  (typeof backend === 'string' ? undefined : backend.config?.shopSecret) ?? DEMO_DEFAULTS.SHOP_SECRET;

export const adminTokenOf = (backend: BackendRef): string =>
  (typeof backend === 'string' ? undefined : backend.config?.adminToken) ?? DEMO_DEFAULTS.ADMIN_TOKEN;
