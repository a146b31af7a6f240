import type {
  JsonSchema,
  MediaTypeObject,
  OpenApiDocument,
  OperationObject,
  ParameterObject,
  Reference,
  ResponseObject,
} from '../src/openapi/document';

/** Where the reference is written: docs/api.md at the repository's root. */
export const API_REFERENCE_PATH = new URL('../../../docs/api.md', import.meta.url);

/**
 * Renders the OpenAPI document as docs/api.md: the endpoints by tag (sign-in, parameters, bodies, answers and
 * examples), the error shape, and every named schema as a table of its fields. Written by
 * `pnpm --filter @signaldeck/server docs:api`; the openapi test fails when the file is out of date.
 */
export function renderApiReference(document: OpenApiDocument): string {
  const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ path, method: method.toUpperCase(), operation })),
  );
  const sharedStatuses = new Map<string, string>();
  for (const { operation } of operations) {
    for (const [status, response] of Object.entries(operation.responses)) {
      if ('$ref' in response) sharedStatuses.set(refName(response), status);
    }
  }

  const lines: string[] = [
    '# API reference',
    '',
    '<!-- Generated from the OpenAPI document, which the server builds from its routes, by',
    '`pnpm --filter @signaldeck/server docs:api`. Do not edit by hand: change the routes and regenerate. -->',
    '',
    `${document.info.title}, version ${document.info.version}. The same description is served as an OpenAPI 3.1`,
    'document at [`GET /api/openapi.json`](#get-this-description).',
    '',
    document.info.description,
    '',
    'How to point TradingView at the webhook, and what it reads from an alert: [Webhooks](webhooks.md).',
    '',
    '## Endpoints',
    '',
    '| Endpoint | What it does | Sign-in |',
    '| --- | --- | --- |',
    ...operations.map(
      ({ path, method, operation }) =>
        `| \`${method} ${path}\` | [${operation.summary}](#${slug(operation.summary)}) | ${signIn(operation)} |`,
    ),
    '',
    '## Authentication',
    '',
    ...Object.values(document.components.securitySchemes).map((scheme) => scheme.description),
    '',
    '## Errors',
    '',
    'Every error answer is an [Error](#error). These answers are shared by several endpoints:',
    '',
    '| Status | When |',
    '| --- | --- |',
    ...Object.entries(document.components.responses)
      .sort(([a], [b]) => Number(sharedStatuses.get(a)) - Number(sharedStatuses.get(b)))
      .map(([name, response]) => `| ${sharedStatuses.get(name)} | ${cell(response.description)} |`),
    '',
    'A request that is not valid HTTP/1.1 (broken framing, a head over 16 KiB, a head or body too slow to arrive)',
    'reaches no endpoint: it is answered 400, 431 or 408 with an Error all the same, and the connection is closed.',
    '',
  ];

  for (const tag of document.tags) {
    lines.push(`## ${tag.name}`, '', tag.description, '');
    for (const { path, method, operation } of operations.filter(({ operation }) => operation.tags.includes(tag.name))) {
      lines.push(...renderOperation(method, path, operation, document));
    }
  }

  lines.push('## Schemas', '');
  for (const [name, schema] of Object.entries(document.components.schemas)) {
    lines.push(`### ${name}`, '', ...renderSchema(schema));
  }

  const text = `${lines
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trimEnd()}\n`;
  assertUniqueHeadings(text);
  return text;
}

function renderOperation(
  method: string,
  path: string,
  operation: OperationObject,
  document: OpenApiDocument,
): string[] {
  const lines = [
    `### ${operation.summary}`,
    '',
    `\`${method} ${path}\` (sign-in: ${signIn(operation)})`,
    '',
    operation.description,
    '',
  ];

  if (operation.parameters) {
    lines.push('**Parameters**', '', '| Name | In | Type | Required | Notes |', '| --- | --- | --- | --- | --- |');
    for (const parameter of operation.parameters) lines.push(parameterRow(parameter));
    lines.push('');
  }

  if (operation.requestBody) {
    const { required, content } = operation.requestBody;
    lines.push(`**Request body**${required ? '' : ' (optional)'}`, '');
    for (const [mediaType, media] of Object.entries(content)) {
      lines.push(`\`${mediaType}\`: ${typeOf(media.schema)}`, '', ...example(mediaType, media.example));
    }
  }

  lines.push('**Responses**', '', '| Status | Meaning | Body |', '| --- | --- | --- |');
  const examples: string[] = [];
  for (const [status, entry] of Object.entries(operation.responses)) {
    const response = resolveResponse(entry, document);
    const [mediaType, media] = Object.entries(response.content ?? {})[0] ?? [];
    const body = media
      ? `${typeOf(media.schema)}${mediaType === 'application/json' ? '' : ` (\`${mediaType}\`)`}`
      : 'none';
    const headers = Object.entries(response.headers ?? {}).map(
      ([name, header]) => ` Header \`${name}\`: ${header.description}`,
    );
    lines.push(`| ${status} | ${cell(response.description + headers.join(''))} | ${body} |`);
    if (!status.startsWith('2') || !media || !mediaType) continue;
    examples.push(...renderEvents(media), `Example ${status}:`, '', ...example(mediaType, media.example));
  }
  lines.push('', ...examples);
  return lines;
}

function renderEvents(media: MediaTypeObject): string[] {
  const events = media['x-events'];
  if (!events) return [];
  return [
    '**Events**',
    '',
    '| Event | Data |',
    '| --- | --- |',
    ...Object.entries(events).map(([event, schema]) => `| \`${event}\` | ${typeOf(schema)} |`),
    '',
  ];
}

function renderSchema(schema: JsonSchema): string[] {
  const lines = schema.description ? [schema.description, ''] : [];
  const variants = schema.oneOf ?? schema.anyOf;
  if (variants) {
    lines.push('One of:', '');
    for (const variant of variants) lines.push(...fieldTable(variant), '');
    return lines;
  }
  if (!schema.properties) return [...lines, `Type: ${typeOf(schema)}`, ''];
  return [...lines, ...fieldTable(schema), ''];
}

interface FieldRow {
  field: string;
  schema: JsonSchema;
  required: boolean;
}

function fieldRows(schema: JsonSchema, prefix = ''): FieldRow[] {
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties ?? {}).flatMap(([name, property]) => {
    const field = `${prefix}${name}`;
    const inner = withoutNull(property as JsonSchema);
    const items = inner.items as JsonSchema | undefined;
    const values = typeof inner.additionalProperties === 'object' ? inner.additionalProperties : undefined;
    return [
      { field, schema: property as JsonSchema, required: required.has(name) },
      ...(inner.properties ? fieldRows(inner, `${field}.`) : []),
      ...(items?.properties ? fieldRows(items, `${field}[].`) : []),
      ...(values?.properties ? fieldRows(values, `${field}.<key>.`) : []),
    ];
  });
}

function fieldTable(schema: JsonSchema): string[] {
  return [
    '| Field | Type | Required | Notes |',
    '| --- | --- | --- | --- |',
    ...fieldRows(schema).map(
      ({ field, schema: property, required }) =>
        `| \`${field}\` | ${typeOf(property)} | ${required ? 'yes' : 'no'} | ${cell(notes(property))} |`,
    ),
  ];
}

function parameterRow({ name, in: place, schema, required, description }: ParameterObject): string {
  const constraints = notes(schema);
  return `| \`${name}\` | ${place} | ${typeOf(schema)} | ${required ? 'yes' : 'no'} | ${cell([description, constraints].filter(Boolean).join(' '))} |`;
}

/** The largest integers JSON can carry exactly: bounds zod puts on every integer, not worth reading. */
const SAFE_INTEGER_BOUNDS = new Set([Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER]);

/** A schema's description and constraints, in words. */
function notes(schema: JsonSchema): string {
  const inner = withoutNull(schema);
  const parts: string[] = [];
  if (schema.description) parts.push(schema.description);
  if (inner.minLength !== undefined && inner.maxLength !== undefined) {
    parts.push(`${inner.minLength} to ${inner.maxLength} characters.`);
  } else if (inner.maxLength !== undefined) {
    parts.push(`At most ${inner.maxLength} characters.`);
  } else if (inner.minLength !== undefined) {
    parts.push(`At least ${inner.minLength} characters.`);
  }
  if (inner.pattern && !inner.format) parts.push(`Matches \`${inner.pattern}\`.`);
  if (typeof inner.exclusiveMinimum === 'number') parts.push(`Above ${inner.exclusiveMinimum}.`);
  if (inner.minimum !== undefined && !SAFE_INTEGER_BOUNDS.has(inner.minimum)) parts.push(`At least ${inner.minimum}.`);
  if (inner.maximum !== undefined && !SAFE_INTEGER_BOUNDS.has(inner.maximum)) parts.push(`At most ${inner.maximum}.`);
  if (inner.default !== undefined) parts.push(`Default \`${JSON.stringify(inner.default)}\`.`);
  return parts.join(' ');
}

/** A short name for a schema's type, linking named schemas. */
function typeOf(schema: JsonSchema): string {
  if (schema.$ref) {
    const name = refName(schema as Reference);
    return `[${name}](#${slug(name)})`;
  }
  if (schema.const !== undefined) return `\`${JSON.stringify(schema.const)}\``;
  if (schema.enum) return schema.enum.map((value) => `\`${JSON.stringify(value)}\``).join(', ');
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) return variants.map(typeOf).join(' or ');
  if (Array.isArray(schema.type)) return schema.type.join(' or ');
  switch (schema.type) {
    case 'array':
      return `array of ${typeOf(schema.items as JsonSchema)}`;
    case 'object': {
      if (schema.properties || typeof schema.additionalProperties !== 'object') return 'object';
      const keys = (schema.propertyNames as JsonSchema | undefined)?.enum;
      const value = typeOf(schema.additionalProperties);
      return keys ? `object with keys ${typeOf({ enum: keys })}, each ${value}` : `object of ${value}`;
    }
    case 'string':
      return schema.format ? `string (${schema.format})` : 'string';
    case undefined:
      return 'any';
    default:
      return schema.type;
  }
}

function withoutNull(schema: JsonSchema): JsonSchema {
  const variants = schema.anyOf?.filter((variant) => variant.type !== 'null');
  return variants?.length === 1 ? variants[0]! : schema;
}

function example(mediaType: string, value: unknown): string[] {
  if (value === undefined) return [];
  const text = typeof value === 'string' ? value : JSON.stringify(value, null, 2);
  return [mediaType === 'application/json' ? '```json' : '```text', text, '```', ''];
}

function resolveResponse(response: ResponseObject | Reference, document: OpenApiDocument): ResponseObject {
  return '$ref' in response ? document.components.responses[refName(response)]! : response;
}

function refName(reference: Reference): string {
  return reference.$ref.slice(reference.$ref.lastIndexOf('/') + 1);
}

function signIn(operation: OperationObject): string {
  return operation.security.length > 0 ? 'bearer token' : 'not needed';
}

/** Table cells hold one line, and a `|` would end the cell. */
function cell(text: string): string {
  return text.replace(/\s*\n\s*/g, ' ').replace(/\|/g, '\\|');
}

/** A heading's anchor, as GitHub makes it. */
function slug(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .trim()
    .replace(/\s/g, '-');
}

/** Links go to headings by their anchor, so two headings with the same text would make them ambiguous. */
function assertUniqueHeadings(markdown: string): void {
  const seen = new Set<string>();
  for (const [, heading] of markdown.matchAll(/^#{1,6} (.*)$/gm)) {
    const anchor = slug(heading!);
    if (seen.has(anchor)) throw new Error(`Two headings of the API reference share the anchor #${anchor}`);
    seen.add(anchor);
  }
}
