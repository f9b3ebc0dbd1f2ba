import type { ErrorBody } from '../../../shared/contract/errors';
import { ApiError } from './ApiError';

const TIMEOUT_MS = 20_000;

function isErrorBody(body: unknown): body is ErrorBody {
  const error = (body as ErrorBody | null)?.error;
  return typeof error?.code === 'string' && typeof error.message === 'string';
}

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
  if (isErrorBody(body)) throw new ApiError(response.status, body.error.code, body.error.message, body.error.fields);
  throw new ApiError(
    response.status,
    response.status >= 500 ? 'internal' : 'invalid_request',
    `HTTP ${response.status}`,
  );
}
