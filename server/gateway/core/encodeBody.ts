export type BodyType = 'json' | 'form';

export interface EncodedBody {
  contentType: string;
  body: string;
}

const FORM = 'application/x-www-form-urlencoded';

/**
 * The request body. `type` is the shape of the call (docs/protocol-decisions.md 2): a JSON document, or form fields.
 * `contentType` is the header the gateway profile names: the docs' samples send JSON documents under the form
 * content type, so a JSON document stays JSON whatever the header says, while form fields become a JSON
 * document only when the profile asks for application/json. In a form, array and object fields travel
 * JSON-encoded (as the gateway's own loading page posts them) and numbers as decimal text; undefined fields
 * are left out in both.
 */
export function encodeBody(
  type: BodyType,
  fields: Readonly<Record<string, unknown>>,
  contentType = type === 'json' ? 'application/json' : FORM,
): EncodedBody {
  if (type === 'json' || contentType === 'application/json') return { contentType, body: JSON.stringify(fields) };
  const form = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined || value === null) continue;
    form.append(name, typeof value === 'object' ? JSON.stringify(value) : String(value));
  }
  return { contentType, body: form.toString() };
}
