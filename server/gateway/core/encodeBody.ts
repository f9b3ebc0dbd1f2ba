export type BodyType = 'json' | 'form';

export interface EncodedBody {
  contentType: string;
  body: string;
}

/**
 * The request body in the content type PROTOCOL.md section 2 fixes for the endpoint. In a form, array and
 * object fields travel JSON-encoded (as the gateway's own loading page posts them) and numbers as decimal
 * text; undefined fields are left out in both forms.
 */
export function encodeBody(type: BodyType, fields: Readonly<Record<string, unknown>>): EncodedBody {
  if (type === 'json') return { contentType: 'application/json', body: JSON.stringify(fields) };
  const form = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined || value === null) continue;
    form.append(name, typeof value === 'object' ? JSON.stringify(value) : String(value));
  }
  return { contentType: 'application/x-www-form-urlencoded', body: form.toString() };
}
