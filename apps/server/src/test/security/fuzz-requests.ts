import fc from 'fast-check';
import { csrfHeader, csrfHeaderValue } from '../../platform/security.ts';
import { multipartBody } from '../multipart.ts';

/**
 * Requests for the fuzz, built from the OpenAPI document the server serves: each operation's own
 * path parameters, query parameters and JSON body schema give a request that is mostly well formed,
 * and every leaf may be swapped for a hostile value, so the code behind validation is reached too.
 */

/** The subset of JSON Schema (OpenAPI 3.0) that fastify-type-provider-zod produces from our zod schemas. */
export interface Schema {
  type?: 'object' | 'array' | 'string' | 'integer' | 'number' | 'boolean';
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: Schema | boolean;
  items?: Schema;
  minItems?: number;
  maxItems?: number;
  enum?: unknown[];
  oneOf?: Schema[];
  anyOf?: Schema[];
  nullable?: boolean;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  format?: string;
  pattern?: string;
}

interface Parameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema?: Schema;
}

export interface Operation {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  parameters: Parameter[];
  body: Schema | null;
}

export interface FuzzRequest {
  role: 'anonymous' | 'member' | 'staff';
  method: Operation['method'];
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
}

interface OpenApiDocument {
  paths?: Record<
    string,
    Record<string, { parameters?: Parameter[]; requestBody?: { content?: Record<string, { schema?: Schema }> } }>
  >;
}

const methods = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);

/** Every operation of the document, in a stable order. */
export function operationsOf(document: unknown): Operation[] {
  const operations: Operation[] = [];
  for (const [path, byMethod] of Object.entries((document as OpenApiDocument).paths ?? {})) {
    for (const [method, operation] of Object.entries(byMethod)) {
      const upper = method.toUpperCase();
      if (!methods.has(upper)) continue;
      operations.push({
        method: upper as Operation['method'],
        path,
        parameters: operation.parameters ?? [],
        body: operation.requestBody?.content?.['application/json']?.schema ?? null,
      });
    }
  }
  return operations.sort((a, b) => `${a.path} ${a.method}`.localeCompare(`${b.path} ${b.method}`));
}

const int32 = 2 ** 31 - 1;

/** Values a careless route chokes on: each is tried in place of a well-formed leaf. */
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'a\u0000b',
    '\ud800',
    '\u202e\u0644\u0627 RTL',
    '𝕏😀👩‍👩‍👧',
    "'; drop table users; --",
    '%00',
    '../../etc/passwd',
    '<script>alert(1)</script>',
    'x'.repeat(10_000),
    '9'.repeat(400),
    '1e309',
    'NaN',
    '-0',
    '2026-02-30',
    '0000-00-00',
    '00000000-0000-0000-0000-000000000000',
    'ffffffff-ffff-ffff-ffff-ffffffffffff',
    -1,
    0,
    -0,
    0.5,
    int32,
    int32 + 1,
    -int32 - 2,
    Number.MAX_SAFE_INTEGER,
    Number.MAX_SAFE_INTEGER + 2,
    -Number.MAX_SAFE_INTEGER,
    1e308,
    true,
    false,
    null,
    [],
    {},
    [null],
    { length: 1 },
  ),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.integer(),
  fc.double(),
  fc.jsonValue({ maxDepth: 2 }),
);

function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

const dates = fc.date({
  min: new Date('1900-01-01T00:00:00Z'),
  max: new Date('2100-12-31T00:00:00Z'),
  noInvalidDate: true,
});

interface Mix {
  ids: string[];
  bent: boolean;
  /** Every integer at its schema's maximum and every free text at its longest: where columns overflow. */
  edge?: boolean;
}

/** A value the schema accepts (usually): the starting point that hostile values are mixed into. */
function wellFormed(schema: Schema, mix: Mix): fc.Arbitrary<unknown> {
  const value = wellFormedNotNull(schema, mix);
  return schema.nullable && !mix.edge ? fc.option(value, { nil: null, freq: 4 }) : value;
}

function wellFormedNotNull(schema: Schema, mix: Mix): fc.Arbitrary<unknown> {
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const alternatives = schema.oneOf ?? schema.anyOf;
  if (alternatives) return fc.oneof(...alternatives.map((alternative) => leaf(alternative, mix)));
  switch (schema.type) {
    case 'object': {
      const properties = Object.entries(schema.properties ?? {});
      const model = Object.fromEntries(properties.map(([key, property]) => [key, leaf(property, mix)]));
      const required = mix.edge ? Object.keys(model) : (schema.required ?? []).filter((key) => key in model);
      return fc.record(model, { requiredKeys: required });
    }
    case 'array':
      return fc.array(schema.items ? leaf(schema.items, mix) : hostileValue, {
        minLength: Math.min(schema.minItems ?? 0, 5),
        maxLength: Math.max(Math.min(schema.maxItems ?? 5, 5), Math.min(schema.minItems ?? 0, 5)),
      });
    case 'integer': {
      const min = Math.max(schema.minimum ?? -int32, -Number.MAX_SAFE_INTEGER);
      const max = Math.min(schema.maximum ?? int32, Number.MAX_SAFE_INTEGER);
      // The schema's own bounds are where an int4 column or a page offset overflows.
      if (mix.edge) return fc.constant(max);
      return fc.oneof(
        fc.integer({ min: Math.max(min, -int32), max: Math.min(Math.max(max, min), int32) }),
        fc.constantFrom(min, max, Math.min(max, int32 + 1)),
      );
    }
    case 'number':
      return fc.double({
        min: schema.minimum ?? -1e9,
        max: schema.maximum ?? 1e9,
        noNaN: true,
        noDefaultInfinity: true,
      });
    case 'boolean':
      return fc.boolean();
    case 'string':
      if (mix.edge && !schema.format && !schema.pattern)
        return fc.constant('x'.repeat(Math.min(schema.maxLength ?? 10_000, 10_000)));
      return wellFormedString(schema, mix.ids);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function wellFormedString(schema: Schema, ids: string[]): fc.Arbitrary<string> {
  switch (schema.format) {
    case 'uuid':
      return fc.oneof({ arbitrary: fc.constantFrom(...ids), weight: 4 }, { arbitrary: fc.uuid(), weight: 1 });
    case 'email':
      // fast-check's addresses follow RFC 5322 and often fail zod's stricter check; plain ones reach the route.
      return fc.oneof(fc.emailAddress(), fc.stringMatching(/^[a-z]{1,8}\.[a-z]{1,8}@[a-z]{2,8}\.test$/));
    case 'date':
      return dates.map(isoDate);
    case 'date-time':
      return dates.map((date) => date.toISOString());
  }
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? 40, 40));
  const bounded = fc.string({ minLength, maxLength });
  if (!schema.pattern) return bounded;
  let pattern: RegExp;
  try {
    pattern = new RegExp(schema.pattern);
    return fc.oneof(
      fc.stringMatching(pattern).filter((text) => text.length <= 200),
      bounded,
    );
  } catch {
    return bounded;
  }
}

/**
 * A leaf: when bent, well formed seven times out of eight, else hostile, so that a body often has
 * exactly one bad field; unbent, always well formed, so that the route's own rules run.
 */
function leaf(schema: Schema, mix: Mix): fc.Arbitrary<unknown> {
  if (!mix.bent) return wellFormed(schema, mix);
  return fc.oneof({ arbitrary: wellFormed(schema, mix), weight: 7 }, { arbitrary: hostileValue, weight: 1 });
}

/** A text form of a value for a query string or path segment. */
function asText(value: unknown): string {
  if (typeof value === 'string') return value;
  return value === undefined ? '' : JSON.stringify(value);
}

/** encodeURIComponent refuses a lone surrogate; the raw bytes of one are sent instead, as an attacker would. */
function encode(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return '%ED%A0%80';
  }
}

const hostileSegment = fc.constantFrom(
  'not-a-uuid',
  '%00',
  '%ED%A0%80',
  '%E0%A4%A',
  '%',
  '..',
  '%2e%2e%2f%2e%2e',
  '__proto__',
  'constructor',
  'a'.repeat(150),
  '12345678901234567890',
  '-1',
  '%F0%9F%98%80',
  '%20',
);

function pathSegment(schema: Schema | undefined, ids: string[]): fc.Arbitrary<string> {
  return fc.oneof(
    {
      arbitrary: wellFormed(schema ?? { type: 'string' }, { ids, bent: false }).map((value) => encode(asText(value))),
      weight: 6,
    },
    { arbitrary: hostileSegment, weight: 2 },
    { arbitrary: hostileValue.map((value) => encode(asText(value))), weight: 1 },
  );
}

function queryString(parameters: Parameter[], ids: string[]): fc.Arbitrary<string> {
  const declared = parameters.map((parameter) =>
    fc.option(
      leaf(parameter.schema ?? { type: 'string' }, { ids, bent: true }).map((value) => [
        [parameter.name, asText(value)],
      ]),
      { nil: [] as string[][], freq: 2 },
    ),
  );
  const extra = fc.oneof(
    { arbitrary: fc.constant([] as string[][]), weight: 6 },
    {
      arbitrary: fc.constantFrom(
        [['__proto__[admin]', '1']],
        [['constructor[prototype][admin]', '1']],
        [
          ['search', 'a'],
          ['search', 'b'],
        ],
        [['', '']],
      ),
      weight: 2,
    },
    {
      arbitrary: fc
        .tuple(fc.string({ maxLength: 10 }), fc.string({ unit: 'binary', maxLength: 20 }))
        .map((pair) => [pair]),
      weight: 1,
    },
  );
  return fc.tuple(fc.tuple(...declared), extra).map(([chosen, more]) => {
    const pairs = [...chosen.flat(), ...more];
    return pairs.length === 0
      ? ''
      : `?${pairs.map(([key, value]) => `${encode(key ?? '')}=${encode(value ?? '')}`).join('&')}`;
  });
}

/** Puts a prototype-polluting key into a JSON object's text (JSON.stringify would drop __proto__). */
function withPollution(text: string, key: string): string {
  return text.startsWith('{')
    ? `{"${key}":{"isStaff":true,"role":"STAFF"}${text === '{}' ? '' : ','}${text.slice(1)}`
    : text;
}

const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

interface Body {
  payload?: string | Buffer;
  contentType?: string;
}

function bodyFor(operation: Operation, ids: string[]): fc.Arbitrary<Body> {
  const json = (value: unknown): Body => ({
    payload: JSON.stringify(value) ?? 'null',
    contentType: 'application/json',
  });
  const formFields = fc.array(
    fc.tuple(
      fc.constantFrom(
        'eventPaymentId',
        'type',
        'filename',
        'contactEmail',
        'contactName',
        'contactPhone',
        'number',
        'organizationId',
        'total',
        'couponCode',
        '__proto__',
        'x',
      ),
      fc.oneof(fc.constantFrom(...ids), fc.string({ maxLength: 30 }), hostileValue.map(asText)),
    ),
    { maxLength: 12 },
  );
  const variants: fc.WeightedArbitrary<Body>[] = [
    { arbitrary: fc.jsonValue({ maxDepth: 3 }).map(json), weight: 2 },
    { arbitrary: fc.constant({}), weight: 1 },
    {
      arbitrary: fc
        .tuple(
          fc.string({ unit: 'binary', maxLength: 60 }),
          fc.constantFrom(
            'application/json',
            'text/plain',
            'application/x-www-form-urlencoded',
            'application/xml',
            'multipart/form-data',
            'application/json; charset=utf-16',
          ),
        )
        .map(([payload, contentType]) => ({ payload, contentType })),
      weight: 1,
    },
    {
      arbitrary: fc
        .tuple(formFields, fc.option(fc.constantFrom(pdf, Buffer.from('not a pdf')), { nil: null }))
        .map(([fields, file]) => {
          // Quotes would end the part's name; a fixed boundary keeps the seed's bodies the same.
          const named = fields.map(([name, value]) => [name.replaceAll('"', ''), value] as const);
          const form = multipartBody(named, file ? { name: 'po.pdf', bytes: file } : undefined, '----fuzz-boundary');
          return { payload: form.body, contentType: form.headers['content-type'] };
        }),
      weight: 1,
    },
    {
      arbitrary: fc.constant({ payload: `{"pad":"${'x'.repeat(1_100_000)}"}`, contentType: 'application/json' }),
      weight: 1,
    },
    {
      arbitrary: fc.constant({
        payload: `${'['.repeat(50_000)}${']'.repeat(50_000)}`,
        contentType: 'application/json',
      }),
      weight: 1,
    },
  ];
  if (operation.body) {
    // The body as a whole is well formed (an object); each of its fields may be hostile.
    const schemaBody = wellFormed(operation.body, { ids, bent: true });
    variants.push({
      arbitrary: fc.tuple(schemaBody, fc.constantFrom('__proto__', 'constructor', 'prototype')).map(([value, key]) => {
        const body = json(value);
        return { ...body, payload: withPollution(String(body.payload), key) };
      }),
      weight: 2,
    });
  }
  return fc.oneof(...variants);
}

const hostileOrigins = fc.constantFrom(
  'null',
  'https://evil.test',
  'not a url',
  'http://',
  'http://[::1',
  'file://',
  'http://portal.test.evil.test',
);
const hostileCsrf = fc.constantFrom(undefined, 'PORTAL', '');

/**
 * One request: most are well formed around the edges (a signed-in caller, the CSRF header, no foreign
 * Origin) so that what varies is the input the route reads; some bend the envelope instead (a foreign
 * or malformed Origin, no CSRF header, anonymous), and some send a body that ignores the schema.
 */
export function requestFor(operation: Operation, ids: string[], edge = false): fc.Arbitrary<FuzzRequest> {
  const pathParameters = operation.parameters.filter((parameter) => parameter.in === 'path');
  const queryParameters = operation.parameters.filter((parameter) => parameter.in === 'query');
  const headerParameters = operation.parameters.filter((parameter) => parameter.in === 'header');
  const segments = fc.tuple(...pathParameters.map((parameter) => pathSegment(parameter.schema, ids)));
  const declaredHeaders = fc.tuple(
    ...headerParameters.map((parameter) =>
      fc.option(
        fc.oneof(fc.uuid(), fc.string({ maxLength: 300 })).map((value) => [parameter.name, value] as const),
        { nil: null },
      ),
    ),
  );
  const withBody = operation.method !== 'GET' && operation.method !== 'DELETE';
  const fromSchema = (bent: boolean): fc.Arbitrary<Body> =>
    operation.body
      ? wellFormed(operation.body, { ids, bent, edge }).map((value) => ({
          payload: JSON.stringify(value),
          contentType: 'application/json',
        }))
      : fc.constant({});
  const schemaBody = edge
    ? fromSchema(false)
    : fc.oneof({ arbitrary: fromSchema(false), weight: 2 }, { arbitrary: fromSchema(true), weight: 3 });
  const wellFormedEnvelope = fc.record({
    // Staff routes are mostly called as staff, so their handlers run rather than the access check.
    role: operation.path.startsWith('/api/admin/')
      ? fc.constantFrom<FuzzRequest['role']>('staff', 'staff', 'staff', 'member')
      : fc.constantFrom<FuzzRequest['role']>('member', 'staff'),
    origin: fc.constantFrom(undefined, 'http://portal.test'),
    csrf: fc.constant<string | undefined>(csrfHeaderValue),
  });
  const envelope = edge
    ? wellFormedEnvelope
    : fc.oneof(
        { arbitrary: wellFormedEnvelope, weight: 6 },
        {
          arbitrary: fc.record({
            role: fc.constantFrom<FuzzRequest['role']>('anonymous', 'member', 'staff'),
            origin: fc.option(hostileOrigins, { nil: undefined }),
            csrf: fc.oneof(fc.constant<string | undefined>(csrfHeaderValue), hostileCsrf),
          }),
          weight: 1,
        },
      );
  const body = !withBody
    ? fc.constant<Body>({})
    : edge
      ? schemaBody
      : fc.oneof({ arbitrary: schemaBody, weight: 3 }, { arbitrary: bodyFor(operation, ids), weight: 1 });
  return fc
    .record({ envelope, segments, query: queryString(queryParameters, ids), body, declaredHeaders })
    .map(({ envelope: { role, origin, csrf }, segments: values, query, body: chosenBody, declaredHeaders: chosen }) => {
      let index = 0;
      const path = operation.path.replace(/\{[^}]+\}/g, () => values[index++] ?? '');
      const headers: Record<string, string> = {};
      if (csrf !== undefined) headers[csrfHeader] = csrf;
      if (origin !== undefined) headers.origin = origin;
      if (chosenBody.contentType) headers['content-type'] = chosenBody.contentType;
      for (const header of chosen) if (header) headers[header[0]] = header[1];
      return {
        role,
        method: operation.method,
        url: `${path}${query}`,
        headers,
        ...(chosenBody.payload === undefined ? {} : { payload: chosenBody.payload }),
      };
    });
}
