/** One raw HTTP request of a fuzz run: any method, headers and body text, answered as status, type and text. */
import type { Answer } from './judge';

export async function send(
  url: string,
  init: { method: string; headers?: Record<string, string>; body?: string | undefined },
): Promise<Answer> {
  const headers = Object.fromEntries(Object.entries(init.headers ?? {}).filter(([, v]) => v !== ''));
  const res = await fetch(url, {
    method: init.method,
    headers,
    ...(init.body === undefined ? {} : { body: init.body }),
    redirect: 'manual',
  });
  return { status: res.status, contentType: res.headers.get('content-type') ?? '', text: await res.text() };
}
