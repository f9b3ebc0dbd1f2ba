import { ApiError, apiErrorOf } from '../../shared/contract/ApiError';

/**
 * One call to the admin API from the command line: its JSON, or the text of a CSV answer. The token travels in the
 * Authorization header only; a non-2xx answer throws an ApiError with the backend's code and message, as the admin page's client does.
 */
export async function adminRequest<T>(
  base: string,
  token: string,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<T> {
  let res: Response;
  try {
    res = await fetch(`${base.replace(/\/+$/, '')}/admin/api${path}`, {
      method,
      headers: {
        accept: 'application/json',
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  } catch (e) {
    throw new ApiError(0, 'network', `the backend at ${base} could not be reached (${(e as Error).message})`);
  }
  // a file the backend wrote (an orders export) is answered as its text
  if (res.ok && res.headers.get('content-type')?.startsWith('text/csv')) return (await res.text()) as T;
  const parsed: unknown = await res.json().catch(() => undefined);
  if (!res.ok)
    throw apiErrorOf(res.status, parsed, { code: 'http_error', message: `the backend answered ${res.status}` });
  return parsed as T;
}
