import type { SessionView } from '../../../shared/contract/session';
import { requestJson } from './requestJson';

/**
 * `GET /api/sessions/:id`, the secret in a header (kept out of URLs, logs and Referer); `locale`, when the shop
 * chose one for the widget, makes the method labels come in that language.
 */
export function getSession(apiBase: string, id: string, clientSecret: string, locale?: string): Promise<SessionView> {
  const query = locale ? `?locale=${encodeURIComponent(locale)}` : '';
  return requestJson<SessionView>(`${apiBase}/api/sessions/${encodeURIComponent(id)}${query}`, {
    headers: { Accept: 'application/json', 'X-Client-Secret': clientSecret },
  });
}
