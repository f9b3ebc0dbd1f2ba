import { ApiError } from '../../../shared/contract/ApiError';
import { requestJson } from './requestJson';

/**
 * `DELETE /api/sessions/:id/saved-cards/:cardId`, the secret in a header. A 404 is the card already gone (removed
 * in another tab): the shopper wanted it gone, so that resolves as well.
 */
export async function removeSavedCard(apiBase: string, id: string, clientSecret: string, cardId: string) {
  const url = `${apiBase}/api/sessions/${encodeURIComponent(id)}/saved-cards/${encodeURIComponent(cardId)}`;
  try {
    await requestJson<void>(url, { method: 'DELETE', headers: { 'X-Client-Secret': clientSecret } });
  } catch (e) {
    if (!(e instanceof ApiError && e.status === 404)) throw e;
  }
}
