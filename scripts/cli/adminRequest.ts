import { ApiError } from '../../admin/api/client';

/**
 * One call to the admin API from the command line. The token travels in the Authorization header only; a
 * non-2xx answer throws the admin client's ApiError with the backend's code and message.
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
    throw new ApiError(0, 'network_error', `the backend at ${base} could not be reached (${(e as Error).message})`);
  }
  const parsed = (await res.json().catch(() => undefined)) as
    | { error?: { code?: string; message?: string; fields?: { path: string; message: string }[] } }
    | undefined;
  if (!res.ok) {
    const error = parsed?.error;
    throw new ApiError(
      res.status,
      error?.code ?? 'http_error',
      error?.message ?? `the backend answered ${res.status}`,
      error?.fields ?? [],
    );
  }
  return parsed as T;
}
