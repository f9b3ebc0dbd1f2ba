import type { Context } from 'hono';
import { GatewayError } from './gatewayError';

export type BodyFormat = 'json' | 'form';
export type Fields = Record<string, unknown>;

/**
 * Reads a request body as a flat object of fields, accepting only the formats the endpoint takes
 * (docs/protocol-decisions.md 2). A body that is a JSON document is read as JSON whatever the content-type header says:
 * the gateway's own samples send JSON with `application/x-www-form-urlencoded` (docs/gateway-evidence.md 1). Malformed
 * JSON, XML, a JSON document where form fields are expected and unknown content types are refused (400) before
 * anything else runs. In a form, the listed `jsonFields` (arrays and objects of the spec) arrive JSON-encoded
 * and are decoded here.
 *
 * `profiled`: the content type the sandbox's gateway profile names for this call. `application/json` there makes
 * the body read as its header says, as a gateway that reads bodies by their content type would: a JSON document
 * sent as a form is then form fields, which this endpoint does not take (I0059, source `body`). So a sandbox
 * started with another profile than the backend's shows a wrong `contentTypes` entry (`gateway check`).
 */
export async function readFields(
  c: Context,
  accepted: readonly BodyFormat[],
  jsonFields: readonly string[] = [],
  profiled?: string,
): Promise<Fields> {
  const text = await c.req.text();
  const type = (c.req.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (/^\s*</.test(text) || type.endsWith('/xml') || type.endsWith('+xml')) {
    throw new GatewayError('I0059', 'body', `XML is not accepted; send ${accepted.map(mediaType).join(' or ')}`);
  }
  const declaredJson = type === 'application/json' || type.endsWith('+json');
  const sniffed = /^\s*\{/.test(text) && profiled !== 'application/json';
  const format: BodyFormat | undefined =
    sniffed || declaredJson ? 'json' : type === 'application/x-www-form-urlencoded' ? 'form' : undefined;
  if (!format || !accepted.includes(format)) {
    const what = format === 'json' ? 'a JSON document' : `content type "${type || '(none)'}"`;
    throw new GatewayError(
      'I0059',
      'body',
      `${what} is not accepted here; send ${accepted.map(mediaType).join(' or ')}`,
    );
  }
  return format === 'json' ? parseJsonObject(text) : parseForm(text, jsonFields);
}

function mediaType(f: BodyFormat): string {
  return f === 'json' ? 'a JSON document' : 'application/x-www-form-urlencoded form fields';
}

function parseJsonObject(text: string): Fields {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new GatewayError('I0059', 'body', 'body is not valid JSON');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new GatewayError('I0059', 'body', 'body must be a JSON object');
  }
  return value as Fields;
}

function parseForm(text: string, jsonFields: readonly string[]): Fields {
  const fields: Fields = {};
  for (const [name, value] of new URLSearchParams(text)) fields[name] = value;
  for (const name of jsonFields) {
    const raw = fields[name];
    if (typeof raw !== 'string' || raw === '') continue;
    try {
      fields[name] = JSON.parse(raw);
    } catch {
      throw new GatewayError('I0059', name, `${name} must be JSON-encoded in a form body`);
    }
  }
  return fields;
}
