import { z } from 'zod';

export type Json = Record<string, any>;

/**
 * The JSON Schema 2020-12 keywords the document uses, checked against a value: `$ref` (into the document), type,
 * enum, const, pattern, lengths, bounds, properties / required / additionalProperties, items, anyOf, allOf.
 * Answers the first problem as "path: what", or undefined.
 */
export function checkSchema(doc: Json, schema: Json, value: unknown, path = '$'): string | undefined {
  if (schema.$ref) {
    const target = (schema.$ref as string)
      .replace(/^#\//, '')
      .split('/')
      .reduce<Json | undefined>((node, key) => node?.[key], doc);
    if (!target) return `${path}: unresolved ${schema.$ref}`;
    return checkSchema(doc, target, value, path);
  }
  if (schema.anyOf) {
    const problems = (schema.anyOf as Json[]).map((s) => checkSchema(doc, s, value, path));
    if (!problems.includes(undefined)) return `${path}: matches none of anyOf (${problems.join('; ')})`;
  }
  for (const part of (schema.allOf as Json[] | undefined) ?? []) {
    const problem = checkSchema(doc, part, value, path);
    if (problem) return problem;
  }
  if ('const' in schema && value !== schema.const) return `${path}: not ${JSON.stringify(schema.const)}`;
  if (schema.enum && !(schema.enum as unknown[]).includes(value))
    return `${path}: ${JSON.stringify(value)} not in enum`;
  const typeOf = (v: unknown) =>
    v === null ? 'null' : Array.isArray(v) ? 'array' : Number.isInteger(v) ? 'integer' : typeof v;
  if (schema.type) {
    const types = ([] as string[]).concat(schema.type);
    const actual = typeOf(value);
    if (!types.includes(actual) && !(actual === 'integer' && types.includes('number')))
      return `${path}: ${actual}, not ${types.join('|')}`;
  }
  if (typeof value === 'string') {
    if (schema.pattern && !new RegExp(schema.pattern, 'u').test(value))
      return `${path}: does not match ${schema.pattern}`;
    if (schema.minLength !== undefined && value.length < schema.minLength) return `${path}: too short`;
    if (schema.maxLength !== undefined && value.length > schema.maxLength) return `${path}: too long`;
  }
  if (typeof value === 'number') {
    if (schema.minimum !== undefined && value < schema.minimum) return `${path}: below ${schema.minimum}`;
    if (schema.maximum !== undefined && value > schema.maximum) return `${path}: above ${schema.maximum}`;
  }
  if (Array.isArray(value) && schema.items) {
    for (const [i, item] of value.entries()) {
      const problem = checkSchema(doc, schema.items, item, `${path}[${i}]`);
      if (problem) return problem;
    }
  }
  if (typeOf(value) === 'object') {
    const object = value as Json;
    for (const key of (schema.required as string[] | undefined) ?? [])
      if (!(key in object)) return `${path}.${key}: required`;
    const properties = (schema.properties as Json | undefined) ?? {};
    for (const [key, v] of Object.entries(object)) {
      const field = properties[key] ?? schema.additionalProperties;
      if (field === false) return `${path}.${key}: not declared`;
      if (field && typeof field === 'object') {
        const problem = checkSchema(doc, field, v, `${path}.${key}`);
        if (problem) return problem;
      }
    }
  }
  return undefined;
}

/** The parts of OpenAPI 3.1 (spec.openapis.org/oas/v3.1.0) the document uses, held to the rules of that version. */
const schemaObject = z.record(z.string(), z.unknown());
const mediaType = z.strictObject({ schema: schemaObject });
const response = z.strictObject({
  description: z.string().min(1),
  content: z.record(z.string().regex(/^[\w.+-]+\/[\w.+-]+$/), mediaType).optional(),
  headers: z
    .record(z.string(), z.strictObject({ description: z.string().optional(), schema: schemaObject }))
    .optional(),
});
const parameter = z
  .strictObject({
    name: z.string().min(1),
    in: z.enum(['path', 'query', 'header', 'cookie']),
    required: z.boolean(),
    description: z.string().optional(),
    schema: schemaObject,
  })
  // "If the parameter location is "path", this property is REQUIRED and its value MUST be true."
  .refine((p) => p.in !== 'path' || p.required, 'a path parameter must be required');
const operation = z.strictObject({
  operationId: z.string().regex(/^[A-Za-z_][\w.-]*$/),
  tags: z.array(z.string()).min(1),
  summary: z.string().min(1),
  security: z.array(z.record(z.string(), z.array(z.string()))).optional(),
  parameters: z
    .array(parameter)
    // "A unique parameter is defined by a combination of a name and location."
    .refine((ps) => new Set(ps.map((p) => `${p.in}:${p.name.toLowerCase()}`)).size === ps.length, 'a parameter twice'),
  requestBody: z.strictObject({ required: z.boolean(), content: z.record(z.string(), mediaType) }).optional(),
  responses: z
    .record(z.string().regex(/^([1-5]\d\d|[1-5]XX|default)$/), response)
    .refine((r) => Object.keys(r).length > 0),
});
const securityScheme = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('http'), scheme: z.string(), description: z.string().optional() }),
  z.strictObject({
    type: z.literal('apiKey'),
    in: z.enum(['query', 'header', 'cookie']),
    name: z.string(),
    description: z.string().optional(),
  }),
]);
const openApi31 = z.strictObject({
  openapi: z.string().regex(/^3\.1\.\d+$/),
  info: z.strictObject({ title: z.string().min(1), version: z.string().min(1), description: z.string().optional() }),
  tags: z.array(z.strictObject({ name: z.string(), description: z.string().optional() })).optional(),
  components: z.strictObject({
    securitySchemes: z.record(z.string().regex(/^[\w.-]+$/), securityScheme),
    schemas: z.record(z.string().regex(/^[\w.-]+$/), schemaObject),
  }),
  paths: z.record(
    z.string().startsWith('/'),
    z.partialRecord(z.enum(['get', 'post', 'put', 'patch', 'delete']), operation),
  ),
  webhooks: z.record(z.string(), z.partialRecord(z.enum(['post']), operation)),
});

/** Every `$ref` in a node, for checking that each resolves. */
function refsIn(node: unknown): string[] {
  if (!node || typeof node !== 'object') return [];
  return Object.entries(node).flatMap(([k, v]) => (k === '$ref' ? [v as string] : refsIn(v)));
}

/** Every operation of the document (paths, then webhooks) with where it is. */
export function operationsOf(doc: Json): { where: string; method: string; path: string; op: Json }[] {
  return (['paths', 'webhooks'] as const).flatMap((where) =>
    Object.entries((doc[where] ?? {}) as Json).flatMap(([path, item]) =>
      Object.entries(item as Json).map(([method, op]) => ({ where, method, path, op: op as Json })),
    ),
  );
}

/**
 * The rules of OpenAPI 3.1 that a schema of its shape cannot hold: each path template's names are its path
 * parameters exactly, operationIds are unique, each security requirement names a declared scheme, each `$ref`
 * resolves. Answers the problems, none when the document keeps them.
 */
export function openApi31Problems(doc: Json): string[] {
  const problems: string[] = [];
  const parsed = openApi31.safeParse(doc);
  if (!parsed.success)
    problems.push(...parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).slice(0, 20));
  for (const ref of refsIn(doc))
    if (checkSchema(doc, { $ref: ref }, undefined)?.includes('unresolved')) problems.push(`unresolved ${ref}`);
  const ids = new Set<string>();
  const schemes = new Set(Object.keys(doc.components?.securitySchemes ?? {}));
  for (const { where, method, path, op } of operationsOf(doc)) {
    const at = `${where} ${method} ${path}`;
    if (ids.has(op.operationId)) problems.push(`${at}: operationId ${op.operationId} twice`);
    ids.add(op.operationId);
    const declared = ((op.parameters ?? []) as Json[]).filter((p) => p.in === 'path').map((p) => p.name as string);
    const templated = where === 'paths' ? [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!) : [];
    if (declared.sort().join() !== templated.sort().join())
      problems.push(`${at}: path parameters ${declared.join()} are not the template's ${templated.join()}`);
    for (const requirement of (op.security ?? []) as Json[])
      for (const name of Object.keys(requirement))
        if (!schemes.has(name)) problems.push(`${at}: security scheme ${name} is not declared`);
  }
  return problems;
}
