import { escapeHtml } from './escapeHtml';

// biome-ignore lint/suspicious/noExplicitAny: the OpenAPI document, walked by key
type Json = Record<string, any>;

const STYLE = `
body{font:15px/1.5 system-ui,sans-serif;margin:0;color:#1d1d1f;background:#fff}
main{max-width:960px;margin:0 auto;padding:1rem 1.5rem 4rem}
nav{columns:2;font-size:14px}nav ul{margin:0;padding-left:1.2rem}
h2{border-bottom:1px solid #ddd;padding-bottom:.3rem;margin-top:2.5rem}
section.op{border:1px solid #ddd;border-radius:6px;padding:.5rem 1rem;margin:1rem 0}
h3{font-size:16px;margin:.4rem 0}code,pre{font:13px/1.4 ui-monospace,monospace}
pre{background:#f5f5f7;padding:.6rem;overflow:auto;border-radius:4px}
.m{display:inline-block;min-width:4.2em;font-weight:700;text-transform:uppercase}
.get{color:#0b6e2f}.post{color:#1d4ed8}.put,.patch{color:#9a5b00}.delete{color:#b91c1c}
table{border-collapse:collapse;width:100%;font-size:14px;margin:.3rem 0}
th,td{text-align:left;vertical-align:top;border-top:1px solid #eee;padding:.25rem .4rem}
.s{font-weight:700}.err{color:#b91c1c}.muted{color:#555}a{color:#1d4ed8}
`;

/** The pattern of shared/contract/primitives.ts `text()`: said in words, it is on most strings. */
const NO_CONTROL_CHARACTERS = '^[^\\u0000-\\u001f\\u007f]*$';

const componentName = (ref: string) => ref.replace('#/components/schemas/', '');
const link = (name: string) => `<a href="#schema-${escapeHtml(name)}">${escapeHtml(name)}</a>`;

/** A schema in a few words: its type, with links to named ones. */
function typeOf(schema: Json | undefined): string {
  if (!schema) return 'any';
  if (schema.$ref) return link(componentName(schema.$ref));
  if ('const' in schema) return `<code>${escapeHtml(JSON.stringify(schema.const))}</code>`;
  if (schema.enum)
    return `one of ${schema.enum.map((v: unknown) => `<code>${escapeHtml(String(v))}</code>`).join(', ')}`;
  const union = schema.anyOf ?? schema.oneOf;
  if (union) return union.map((s: Json) => typeOf(s)).join(' or ');
  if (schema.allOf) return schema.allOf.map((s: Json) => typeOf(s)).join(' and ');
  const type = ([] as string[]).concat(schema.type ?? 'any').join(' | ');
  if (type === 'array') return `array of ${typeOf(schema.items)}`;
  const hints = [
    schema.format && `format ${schema.format}`,
    schema.pattern &&
      (schema.pattern === NO_CONTROL_CHARACTERS
        ? 'no control characters'
        : `pattern <code>${escapeHtml(schema.pattern)}</code>`),
    schema.maxLength !== undefined && `at most ${schema.maxLength} characters`,
    schema.minimum !== undefined && `at least ${schema.minimum}`,
    schema.maximum !== undefined && `at most ${schema.maximum}`,
    schema.default !== undefined && `default <code>${escapeHtml(JSON.stringify(schema.default))}</code>`,
  ].filter(Boolean);
  return `${escapeHtml(type)}${hints.length ? ` <span class="muted">(${hints.join(', ')})</span>` : ''}`;
}

/** An object's fields as rows, nested objects indented under their field. */
function fieldRows(schema: Json, prefix = ''): string {
  const required = new Set<string>(schema.required ?? []);
  return Object.entries((schema.properties ?? {}) as Record<string, Json>)
    .map(([name, field]) => {
      const path = `${prefix}${name}`;
      const nested = field.type === 'object' && field.properties ? fieldRows(field, `${path}.`) : '';
      const items =
        field.type === 'array' && field.items?.type === 'object' && field.items.properties
          ? fieldRows(field.items, `${path}[].`)
          : '';
      const description = field.description ? escapeHtml(field.description) : '';
      return (
        `<tr><td><code>${escapeHtml(path)}</code>${required.has(name) ? '' : ' <span class="muted">optional</span>'}` +
        `</td><td>${typeOf(field)}</td><td>${description}</td></tr>${nested}${items}`
      );
    })
    .join('');
}

function schemaBlock(schema: Json | undefined, doc?: Json): string {
  if (!schema) return '';
  // a request body's fields are shown where it is sent, not only under its name
  if (doc && schema.$ref)
    return `<p>${typeOf(schema)}</p>${schemaBlock(doc.components.schemas[componentName(schema.$ref)])}`;
  const rows = schema.properties ? fieldRows(schema) : '';
  return `<p>${typeOf(schema)}${schema.description ? ` <span class="muted">${escapeHtml(schema.description)}</span>` : ''}</p>${
    rows ? `<table><tr><th>field</th><th>type</th><th></th></tr>${rows}</table>` : ''
  }`;
}

/** An example value of a schema: enough to see the shape of a body or an answer. */
function exampleOf(doc: Json, schema: Json | undefined, depth = 0): unknown {
  if (!schema || depth > 8) return null;
  if (schema.$ref) return exampleOf(doc, doc.components.schemas[componentName(schema.$ref)], depth + 1);
  if ('const' in schema) return schema.const;
  if (schema.default !== undefined) return schema.default;
  if (schema.enum) return schema.enum[0];
  const union = schema.anyOf ?? schema.oneOf ?? schema.allOf;
  if (union) return exampleOf(doc, union[0], depth + 1);
  const type = ([] as string[]).concat(schema.type ?? 'string').find((t) => t !== 'null') ?? 'null';
  if (type === 'object') {
    const required = new Set<string>(schema.required ?? []);
    return Object.fromEntries(
      Object.entries((schema.properties ?? {}) as Record<string, Json>)
        .filter(([name]) => required.has(name))
        .map(([name, field]) => [name, exampleOf(doc, field, depth + 1)]),
    );
  }
  if (type === 'array') return [exampleOf(doc, schema.items, depth + 1)];
  if (type === 'integer' || type === 'number') return schema.minimum ?? 1;
  if (type === 'boolean') return true;
  if (schema.format === 'date-time') return '2026-01-01T00:00:00.000Z';
  if (schema.format === 'date') return '2026-01-01';
  if (schema.format === 'email') return 'shopper@example.com';
  if (/decimal/.test(schema.description ?? '') || schema.pattern === '^-?\\d+(\\.\\d+)?$') return '25.00';
  return 'string';
}

const example = (doc: Json, schema: Json | undefined) =>
  schema ? `<pre>${escapeHtml(JSON.stringify(exampleOf(doc, schema), null, 2))}</pre>` : '';

function operationSection(doc: Json, method: string, path: string, op: Json): string {
  const params = (op.parameters ?? []) as Json[];
  const paramRows = params
    .map(
      (p) =>
        `<tr><td><code>${escapeHtml(p.name)}</code></td><td>${escapeHtml(p.in)}${p.required ? ', required' : ''}</td>` +
        `<td>${typeOf(p.schema)}</td><td>${escapeHtml(p.description ?? '')}</td></tr>`,
    )
    .join('');
  const body = op.requestBody?.content?.['application/json']?.schema;
  const security = (op.security ?? []) as Json[];
  const answers = Object.entries(op.responses as Record<string, Json>)
    .map(([status, answer]) => {
      const schema = answer.content?.['application/json']?.schema;
      return (
        `<tr><td class="s${status >= '400' ? ' err' : ''}">${escapeHtml(status)}</td>` +
        `<td>${escapeHtml(answer.description)}</td><td>${schema ? typeOf(schema) : '<span class="muted">no body</span>'}</td></tr>`
      );
    })
    .join('');
  const firstOk = Object.entries(op.responses as Record<string, Json>).find(([s]) => /^2/.test(s))?.[1];
  const okSchema = firstOk?.content?.['application/json']?.schema;
  return `<section class="op" id="${escapeHtml(op.operationId)}">
<h3><span class="m ${method}">${method}</span> <code>${escapeHtml(path)}</code></h3>
<p>${escapeHtml(op.summary)} <span class="muted">(<code>${escapeHtml(op.operationId)}</code>)</span></p>
<p class="muted">Credential: ${
    security.length
      ? security.map((s) => Object.keys(s).map((k) => `<code>${escapeHtml(k)}</code>`)).join(' or ')
      : 'none'
  }</p>
${paramRows ? `<h4>Parameters</h4><table><tr><th>name</th><th>in</th><th>type</th><th></th></tr>${paramRows}</table>` : ''}
${body ? `<h4>Request body</h4>${schemaBlock(body, doc)}<h4>Example request</h4>${example(doc, body)}` : ''}
<h4>Answers</h4><table><tr><th>status</th><th></th><th>body</th></tr>${answers}</table>
${okSchema ? `<h4>Example answer</h4>${example(doc, okSchema)}` : ''}
</section>`;
}

/**
 * The OpenAPI document as one readable HTML page, rendered by the backend (no script, one inline stylesheet that
 * server/http/openApi.ts allows by its hash): each operation grouped by tag with its parameters, body, answers and
 * errors and an example made from its schemas, the webhooks, then every named schema's fields.
 */
export function renderApiReference(doc: Json, documentPath: string): string {
  const byTag = new Map<string, string[]>();
  const toc = new Map<string, string[]>();
  const add = (tag: string, html: string, entry: string) => {
    byTag.set(tag, [...(byTag.get(tag) ?? []), html]);
    toc.set(tag, [...(toc.get(tag) ?? []), entry]);
  };
  for (const [path, item] of Object.entries(doc.paths as Record<string, Json>))
    for (const [method, op] of Object.entries(item as Record<string, Json>))
      add(
        op.tags?.[0] ?? 'Other',
        operationSection(doc, method, path, op),
        `<li><a href="#${escapeHtml(op.operationId)}">${method.toUpperCase()} ${escapeHtml(path)}</a></li>`,
      );
  for (const [name, item] of Object.entries((doc.webhooks ?? {}) as Record<string, Json>))
    for (const [method, op] of Object.entries(item as Record<string, Json>))
      add(
        'Events',
        operationSection(doc, method, `(webhook) ${name}`, op),
        `<li><a href="#${escapeHtml(op.operationId)}">${escapeHtml(name)}</a></li>`,
      );
  const schemas = Object.entries(doc.components.schemas as Record<string, Json>)
    .map(
      ([name, schema]) =>
        `<section id="schema-${escapeHtml(name)}"><h3>${escapeHtml(name)}</h3>${schemaBlock(schema)}</section>`,
    )
    .join('\n');
  const tags = [...byTag.keys()];
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(doc.info.title)}: API reference</title><style>${STYLE}</style></head>
<body><main>
<h1>${escapeHtml(doc.info.title)}: API reference</h1>
<p>${escapeHtml(doc.info.description)}</p>
<p>The machine-readable document: <a href="${escapeHtml(documentPath)}"><code>${escapeHtml(documentPath)}</code></a> (OpenAPI ${escapeHtml(doc.openapi)}).</p>
<nav>${tags.map((t) => `<h4>${escapeHtml(t)}</h4><ul>${toc.get(t)!.join('')}</ul>`).join('')}<h4>Schemas</h4><ul>${Object.keys(
    doc.components.schemas,
  )
    .map((n) => `<li>${link(n)}</li>`)
    .join('')}</ul></nav>
${tags.map((t) => `<h2>${escapeHtml(t)}</h2>\n${byTag.get(t)!.join('\n')}`).join('\n')}
<h2>Schemas</h2>
${schemas}
</main></body></html>`;
}
