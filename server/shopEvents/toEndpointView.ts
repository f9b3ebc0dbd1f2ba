import type { ShopEndpointView } from '../../shared/contract/shopEndpoints';
import type { ShopEventType } from '../../shared/contract/shopEvents';
import type { ShopEndpointRow } from './shopEndpoints';
import { activeSecrets, type StoredSecret } from './endpointSecrets';

/** An endpoint as the owner sees it: never a secret, only when each still signs. */
export function toEndpointView(row: ShopEndpointRow, now: Date): ShopEndpointView {
  return {
    id: row.id,
    url: row.url,
    types: JSON.parse(row.types) as ShopEventType[],
    enabled: row.enabled === 1,
    description: row.description,
    secrets: activeSecrets(JSON.parse(row.secrets) as StoredSecret[], now).map((s) => ({
      created_at: s.created_at,
      expires_at: s.expires_at,
    })),
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}
