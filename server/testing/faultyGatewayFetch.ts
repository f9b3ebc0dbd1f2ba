/** A port nothing listens on: notifications sent there are lost, as when the backend is unreachable. */
const NOWHERE = 'http://127.0.0.1:9/hooks/gateway';

export interface FaultyFetchOptions {
  /** rewrite notify_url (not signed, docs/protocol-decisions.md 3) so the gateway's notifications never arrive */
  dropNotifications?: boolean;
  /** paths (e.g. "/v1/authorise") whose answer is held back until the client gives up: a time-out after the gateway acted */
  holdAnswer?: (path: string) => boolean;
  /** paths whose request is lost on the way: the gateway never sees it and the client times out */
  loseRequest?: (path: string) => boolean;
}

export interface FaultyFetch {
  fetch: typeof fetch;
  /** every path requested, in order */
  readonly calls: string[];
  /** the answers that were held back, by path, as the gateway sent them */
  readonly heldAnswers: { path: string; text: string }[];
}

/**
 * A fetch for the gateway client that forwards every call to the real gateway (the sandbox) and injects one
 * fault the sandbox cannot produce on demand. The gateway really receives and processes each call.
 */
export function faultyGatewayFetch(options: FaultyFetchOptions): FaultyFetch {
  const calls: string[] = [];
  const heldAnswers: { path: string; text: string }[] = [];
  const faulty = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const url = new URL(input instanceof Request ? input.url : input);
    calls.push(url.pathname);
    let body = init?.body;
    if (options.dropNotifications && typeof body === 'string') body = withoutNotifyUrl(body);
    if (options.loseRequest?.(url.pathname)) return untilAborted(init?.signal);
    const res = await fetch(url, { ...init, body });
    if (!options.holdAnswer?.(url.pathname)) return res;
    heldAnswers.push({ path: url.pathname, text: await res.text() });
    return untilAborted(init?.signal);
  };
  return { fetch: faulty as typeof fetch, calls, heldAnswers };
}

/** Never answers; rejects when the caller gives up (its time-out aborts the signal). */
function untilAborted(signal: AbortSignal | null | undefined): Promise<Response> {
  return new Promise<Response>((_, reject) => {
    if (!signal) return reject(new Error('faultyGatewayFetch: a call that never answers needs an AbortSignal'));
    if (signal.aborted) return reject(signal.reason);
    signal.addEventListener('abort', () => reject(signal.reason), { once: true });
  });
}

function withoutNotifyUrl(body: string): string {
  if (body.startsWith('{')) {
    const json = JSON.parse(body) as Record<string, unknown>;
    return 'notify_url' in json ? JSON.stringify({ ...json, notify_url: NOWHERE }) : body;
  }
  const form = new URLSearchParams(body);
  if (form.has('notify_url')) form.set('notify_url', NOWHERE);
  return form.toString();
}
