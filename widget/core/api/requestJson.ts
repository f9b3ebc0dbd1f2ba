import { ApiError, apiErrorOf } from '../../../shared/contract/ApiError';

const TIMEOUT_MS = 20_000;

/**
 * One JSON request to the backend. Any non-2xx answer becomes an ApiError carrying the envelope's code and field
 * errors; no answer (offline, CORS refusal, time-out) becomes ApiError `network`. Credentials are never sent: the
 * client secret authorises the widget, so the shop's cookies for the backend's domain stay out of it.
 */
export async function requestJson<T>(url: string, init: RequestInit = {}, timeoutMs = TIMEOUT_MS): Promise<T> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  let response: Response;
  try {
    response = await fetch(url, { ...init, credentials: 'omit', signal: controller.signal });
  } catch (cause) {
    throw new ApiError(0, 'network', cause instanceof Error ? cause.message : 'network error');
  } finally {
    clearTimeout(timer);
  }
  const body: unknown = await response.json().catch(() => undefined);
  if (response.ok) return body as T;
  throw apiErrorOf(response.status, body, {
    code: response.status >= 500 ? 'internal' : 'invalid_request',
    message: `HTTP ${response.status}`,
  });
}
