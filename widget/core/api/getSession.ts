import type { SessionView } from '../../../shared/contract/session';
import { requestJson } from './requestJson';
import { takePrefetchedSession } from './takePrefetchedSession';

/**
 * `GET /api/sessions/:id`, the secret in a header (kept out of URLs, logs and Referer); `locale`, when the shop
 * chose one for the widget, makes the method labels come in that language. widget.js may have started this very
 * call while the entry was loading (loader.ts): its answer is used when it is a 2xx with a body; no answer or any
 * other status is asked again here, as if there had been no head start.
 */
export async function getSession(
  apiBase: string,
  id: string,
  clientSecret: string,
  locale?: string,
): Promise<SessionView> {
  const query = locale ? `?locale=${encodeURIComponent(locale)}` : '';
  const url = `${apiBase}/api/sessions/${encodeURIComponent(id)}${query}`;
  const early = await takePrefetchedSession(url, clientSecret)?.catch(() => undefined);
  if (early?.ok) {
    const body: unknown = await early.json().catch(() => undefined);
    if (body) return body as SessionView;
  }
  return requestJson<SessionView>(url, { headers: { Accept: 'application/json', 'X-Client-Secret': clientSecret } });
}
