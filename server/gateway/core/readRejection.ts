import { parseGatewayMessage } from '../../../shared/gateway/errors';
import { parseXml } from './parseXml';

export interface Rejection {
  code: string;
  source: string;
  message: string;
}

const CODE = /\b([A-Z]\d{4})\b/;

/**
 * The gateway's code, blamed field and text from a 4xx answer, in whichever of its three error formats it came
 * (docs/protocol-decisions.md 2): JSON (`code`/`source`/`message`, or `return_message` as `<code>:<text>`), XML
 * `<respon>`, or an HTML error page. Never throws: an unreadable body still yields a rejection, without a code.
 */
export function readRejection(text: string, contentType: string): Rejection {
  const trimmed = text.trim();
  if (contentType.includes('json') || trimmed.startsWith('{')) {
    const fromJson = readJson(trimmed);
    if (fromJson) return fromJson;
  }
  if (contentType.includes('xml') || trimmed.startsWith('<?xml') || trimmed.startsWith('<respon')) {
    try {
      const { fields } = parseXml(trimmed);
      return fromParts(fields.code, fields.source, fields.message);
    } catch {
      // fall through to the text reading below: the code is still worth finding
    }
  }
  return readHtml(trimmed);
}

function readJson(text: string): Rejection | undefined {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!body || typeof body !== 'object') return undefined;
  const b = body as Record<string, unknown>;
  const str = (v: unknown) => (typeof v === 'string' ? v : '');
  const fromReturn = parseGatewayMessage(str(b.return_message));
  return fromParts(str(b.code) || fromReturn.code, str(b.source), str(b.message) || fromReturn.text);
}

/**
 * The HTML error page of checkout: only the code and the blamed field are taken, from elements marked
 * `data-code` / `data-source` when present, else from the page's text; nothing else of the page is used.
 */
function readHtml(html: string): Rejection {
  const attr = (name: string) => new RegExp(`data-${name}="([^"]*)"`, 'i').exec(html)?.[1] ?? '';
  const visible = html
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&[a-z#0-9]+;/gi, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const code = attr('code') || (CODE.exec(visible)?.[1] ?? '');
  const source = attr('source') || (/\b(?:field|source)\W{1,3}([a-z][a-z0-9_]*)/i.exec(visible)?.[1] ?? '');
  const afterCode = code ? visible.slice(visible.indexOf(code) + code.length).replace(/^\W+/, '') : visible;
  // the text up to where the page names the field
  return fromParts(code, source, afterCode.replace(/\s*\b(?:field|source)\W[\s\S]*$/i, '').slice(0, 200));
}

function fromParts(code: unknown, source: unknown, message: unknown): Rejection {
  const s = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
  const c = s(code);
  return { code: /^[A-Z]\d{4}$/.test(c) ? c : '', source: s(source), message: s(message) };
}
