import { ApiError, apiErrorOf } from '../../../shared/contract/ApiError';

const TIMEOUT_MS = 20_000;

/**
 * One JSON request to the backend. Any non-2xx answer becomes an ApiError carrying the envelope's code and field
 * errors; no answer (offline, time-out) becomes ApiError `network`. A CORS refusal looks like no answer to a
 * script, so the backend's `GET /api/origin` (readable from any origin) is asked which it was: its 403
 * `origin_not_allowed` ("not in ALLOWED_ORIGINS") becomes the error, also on the console for the shop's developer.
 * Credentials are never sent: the
 * client secret authorises the widget, so the shop's cookies for the backend's domain stay out of it.
 */
export async function requestJson<T>(url: string, init: RequestInit = {}, timeoutMs = TIMEOUT_MS): Promise<T> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  let response: Response | undefined;
  try {
    response = await fetch(url, { ...init, credentials: 'omit', signal: controller.signal });
  } catch (cause) {
    if (!controller.signal.aborted)
      response = await fetch(url.replace(/\/api\/.*/, '/api/origin')).catch(() => undefined);
    if (response?.status !== 403)
      throw new ApiError(0, 'network', cause instanceof Error ? cause.message : 'network error');
  } finally {
    clearTimeout(timer);
  }
  const body: unknown = await response.json().catch(() => undefined);
  if (response.ok) return body as T;
  const error = apiErrorOf(response.status, body, {
    code: response.status >= 500 ? 'internal' : 'invalid_request',
    message: `HTTP ${response.status}`,
  });
  if (error.code === 'origin_not_allowed') console.error(`Checkout: ${error.message}`);
  throw error;
}
