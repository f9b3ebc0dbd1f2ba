import type { ErrorFormat } from '../http/renderGatewayError';
import { renderPage } from '../pages/renderPage';

const CONTENT_TYPE: Record<ErrorFormat, string> = {
  xml: 'application/xml; charset=utf-8',
  html: 'text/html; charset=utf-8',
  json: 'application/json; charset=utf-8',
};

/** Answers of a gateway that did nothing ('before'): each already broken where a parser would choke. */
const NOTHING_DONE: Record<ErrorFormat, string> = {
  xml: '<?xml version="1.0" encoding="UTF-8"?>\n<respon><merchant_id>',
  html: renderPage('Redirecting', '<p>Taking you to the payment page…</p>'),
  json: '{"return_status":"1","return_message":"Succ',
};

/**
 * The `malformed` fault in the endpoint's own format: authorise's XML cut in the middle, checkout's loading page
 * without its form (the merchant cannot find where to send the shopper), JSON cut in the middle. With `real`
 * (apply 'after') the gateway's actual answer is broken, status kept; otherwise a 200 that says nothing usable.
 * A proper prefix of an XML document or a JSON object never parses, so the cut is always detectable.
 */
export async function malformResponse(format: ErrorFormat, real?: Response): Promise<Response> {
  const status = real?.status ?? 200;
  let body = NOTHING_DONE[format];
  if (real) {
    const text = await real.text();
    body =
      format === 'html'
        ? text.replace(/<form\b[\s\S]*?<\/form>/gi, '')
        : text.slice(0, Math.max(1, Math.floor(text.length / 2)));
  }
  return new Response(body, { status, headers: { 'Content-Type': CONTENT_TYPE[format] } });
}
