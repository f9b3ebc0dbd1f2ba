import type { SessionView } from '../../../shared/contract/session';
import { requestJson } from './requestJson';

/** `GET /api/sessions/:id`, the secret in a header (kept out of URLs, logs and Referer). */
export function getSession(apiBase: string, id: string, clientSecret: string): Promise<SessionView> {
  return requestJson<SessionView>(`${apiBase}/api/sessions/${encodeURIComponent(id)}`, {
    headers: { Accept: 'application/json', 'X-Client-Secret': clientSecret },
  });
}
