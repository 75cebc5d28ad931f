import fc from 'fast-check';

/** The parts of an OpenAPI 3 document the fuzzer reads. */
export interface Schema {
  $ref?: string;
  type?: string;
  format?: string;
  enum?: unknown[];
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  allOf?: Schema[];
  oneOf?: Schema[];
  anyOf?: Schema[];
  nullable?: boolean;
}

export interface Operation {
  method: string;
  path: string;
  params: { name: string; in: 'path' | 'query' | 'header'; schema?: Schema }[];
  body: 'json' | 'multipart' | null;
  bodySchema?: Schema;
  secured: boolean;
}

export interface FuzzRequest {
  op: string;
  /** The document says the operation takes a bearer token, and the request uses the operation's own method. */
  secured: boolean;
  identity: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
}

type OpenApi = {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: Operation['params'];
        requestBody?: { content: Record<string, { schema?: Schema }> };
        security?: unknown[];
      }
    >
  >;
  components?: { schemas?: Record<string, Schema> };
};

export function operationsOf(document: OpenApi): Operation[] {
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => {
      const content = op.requestBody?.content ?? {};
      const body = content['application/json'] ? 'json' : content['multipart/form-data'] ? 'multipart' : null;
      return {
        method: method.toUpperCase(),
        path,
        params: op.parameters ?? [],
        body,
        bodySchema: content['application/json']?.schema,
        secured: Boolean(op.security?.length),
      } as Operation;
    }),
  );
}

/** Values no route expects: wrong types in text, prototype names, NUL, control and bidi characters, huge and odd numbers. */
const ODD_TEXT = [
  '',
  ' ',
  'null',
  'undefined',
  'true',
  '0',
  '-1',
  '1e3',
  '1e309',
  'NaN',
  'Infinity',
  '9'.repeat(40),
  'toString',
  '__proto__',
  'constructor',
  'hasOwnProperty',
  'valueOf',
  'a\u0000b',
  '\u0000',
  '../../etc/passwd',
  '%',
  '%zz',
  '<script>alert(1)</script>',
  "' or 1=1 --",
  '\u202e\u0301\u200b',
  '😀'.repeat(40),
  'x'.repeat(3000),
  '2026-02-30',
  '1970-01-01T00:00:00Z',
  '-0001-01-01',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  '[]',
  '{}',
  '\r\nx-injected: 1',
];
const oddText = fc.constantFrom(...ODD_TEXT);
/** Keys of Object.prototype: a lookup with a client's value that is not own-property-only finds these. */
const prototypeNames = fc.constantFrom(
  'toString',
  'constructor',
  '__proto__',
  'hasOwnProperty',
  'valueOf',
  '__defineGetter__',
);
const text = fc.oneof(
  { arbitrary: fc.string({ maxLength: 40 }), weight: 2 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 40 }), weight: 1 },
  { arbitrary: oddText, weight: 3 },
);
const wrongType: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  text,
  fc.constant([]),
  fc.constant({}),
  fc.jsonValue({ maxDepth: 3 }),
  fc.constantFrom({ __proto__x: 1 }, { toString: 'x' }, [null], ['a\u0000']),
);

function resolve(schema: Schema | undefined, components: Record<string, Schema>): Schema {
  if (!schema) return {};
  if (schema.$ref) return resolve(components[schema.$ref.split('/').pop()!], components);
  const merged = schema.allOf ?? schema.oneOf ?? schema.anyOf;
  if (merged?.length) return resolve(merged[0], components);
  return schema;
}

/** A value shaped by the schema most of the time, and wrong (type, null, odd text) the rest. */
export function valueFor(
  raw: Schema | undefined,
  components: Record<string, Schema>,
  pools: Pools,
  depth = 0,
): fc.Arbitrary<unknown> {
  const schema = resolve(raw, components);
  let typed: fc.Arbitrary<unknown>;
  if (schema.enum?.length)
    typed = fc.oneof(
      { arbitrary: fc.constantFrom(...schema.enum), weight: 3 },
      { arbitrary: prototypeNames, weight: 1 },
      { arbitrary: text, weight: 1 },
    );
  else if (schema.type === 'integer' || schema.type === 'number')
    typed = fc.oneof(fc.integer({ min: -2, max: 2000 }), fc.constantFrom(0, -1, 2 ** 31, 2 ** 53 + 1, 1e308, 0.5, -0));
  else if (schema.type === 'boolean') typed = fc.boolean();
  else if (schema.type === 'array')
    typed =
      depth > 3 ? fc.constant([]) : fc.array(valueFor(schema.items, components, pools, depth + 1), { maxLength: 4 });
  else if (schema.type === 'object' || schema.properties)
    typed = depth > 3 ? fc.constant({}) : objectFor(schema, components, pools, depth + 1);
  else if (schema.format === 'uuid') typed = fc.oneof(fc.constantFrom(...pools.ids), fc.uuid());
  else if (schema.format === 'email') typed = fc.oneof(fc.emailAddress(), text);
  else if (schema.format === 'date-time' || schema.format === 'date')
    typed = fc.oneof(
      fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
      text,
    );
  else typed = fc.oneof(text, fc.constantFrom(...pools.slugs, ...pools.ids));
  return fc.oneof(
    { arbitrary: typed, weight: 4 },
    { arbitrary: wrongType, weight: 1 },
    { arbitrary: fc.constant(null), weight: 1 },
  );
}

function objectFor(
  schema: Schema,
  components: Record<string, Schema>,
  pools: Pools,
  depth: number,
): fc.Arbitrary<Record<string, unknown>> {
  const entries = Object.entries(schema.properties ?? {});
  const fields = Object.fromEntries(
    entries.map(([name, property]) => [name, valueFor(property, components, pools, depth)]),
  );
  return fc.record(fields, { requiredKeys: [] }).chain((value) =>
    fc.oneof(
      { arbitrary: fc.constant(value), weight: 5 },
      {
        arbitrary: fc.dictionary(oddText, wrongType, { maxKeys: 3 }).map((extra) => ({ ...value, ...extra })),
        weight: 1,
      },
    ),
  );
}

export interface Pools {
  ids: string[];
  slugs: string[];
}

const nested = (depth: number, open: string, close: string) => `${open.repeat(depth)}${close.repeat(depth)}`;
const RAW_BODIES: [string, string][] = [
  ['application/json', '{"a": '],
  ['application/json', '"just a string"'],
  ['application/json', 'null'],
  ['application/json', '[]'],
  ['application/json', '{"__proto__": {"isAdmin": true}}'],
  ['application/json', '{"constructor": {"prototype": {"x": 1}}}'],
  ['application/json', '{"email": "a\\u0000@example.com", "name": "\\u0000"}'],
  ['application/json', nested(40, '[', ']')],
  ['application/json', `{"a":${nested(5000, '{"a":', '}')}null}`.replace(/\{"a":\}/g, '{}')],
  ['application/json', nested(31, '[', ']')],
  ['application/json', JSON.stringify({ blob: 'x'.repeat(70 * 1024) })],
  ['application/json; charset=utf-16', '{"a":1}'],
  ['text/plain', 'hello'],
  ['application/xml', '<?xml version="1.0"?><a/>'],
  ['application/x-www-form-urlencoded', 'email=a%40b.io&password=x'],
  ['multipart/form-data', 'no boundary here'],
  ['multipart/form-data; boundary=XX', '--XX\r\nContent-Disposition: form-data; name="fullName"\r\n\r\ncut off'],
  ['multipart/form-data; boundary=', '--\r\n'],
  [`multipart/form-data; boundary=${'b'.repeat(300)}`, 'x'],
  ['application/octet-stream', '\u0000\u0001\u0002'],
  ['', '{"a":1}'],
];

/** A path parameter: a fixture's id or slug, a random one, or something odd (encoded, or raw when it is a path trick). */
function pathValue(pools: Pools): fc.Arbitrary<string> {
  return fc.oneof(
    { arbitrary: fc.constantFrom(...pools.ids, ...pools.slugs), weight: 4 },
    { arbitrary: fc.uuid(), weight: 2 },
    { arbitrary: text.map((value) => encodeURIComponent(value)), weight: 3 },
    {
      arbitrary: fc.constantFrom(
        '..',
        '.',
        '%',
        '%zz',
        '%00',
        '%c0%80',
        '%ff',
        'a%2Fb',
        '%2e%2e',
        ';x=1',
        'x'.repeat(3000),
      ),
      weight: 1,
    },
  );
}

function queryString(op: Operation, components: Record<string, Schema>, pools: Pools): fc.Arbitrary<string> {
  const declared = op.params.filter((param) => param.in === 'query');
  const pairs = declared.map((param) =>
    fc.option(
      fc.oneof(
        {
          arbitrary: valueFor(param.schema, components, pools).map((value) => [
            `${encodeURIComponent(param.name)}=${encodeURIComponent(typeof value === 'string' ? value : JSON.stringify(value))}`,
          ]),
          weight: 4,
        },
        { arbitrary: fc.constant([`${param.name}=a`, `${param.name}=b`]), weight: 1 },
        {
          arbitrary: fc
            .constantFrom(
              `${param.name}[]=x`,
              `${param.name}[a]=x`,
              param.name,
              `${param.name}=%00`,
              `${param.name}=%zz`,
            )
            .map((pair) => [pair]),
          weight: 1,
        },
      ),
      { freq: 3 },
    ),
  );
  const extra = fc.option(fc.constantFrom('__proto__[x]=1', 'constructor=1', 'toString=1', 'limit=-1', 'x=%00'), {
    freq: 4,
  });
  return fc.tuple(fc.tuple(...pairs), extra).map(([values, more]) => {
    const parts = values.flatMap((value) => value ?? []);
    if (more) parts.push(more);
    return parts.length ? `?${parts.join('&')}` : '';
  });
}

function bodyFor(
  op: Operation,
  components: Record<string, Schema>,
  pools: Pools,
): fc.Arbitrary<{ contentType?: string; body?: string }> {
  const raw = fc
    .constantFrom(...RAW_BODIES)
    .map(([contentType, body]) => ({ contentType: contentType || undefined, body }));
  const wild = fc
    .jsonValue({ maxDepth: 4 })
    .map((value) => ({ contentType: 'application/json', body: JSON.stringify(value) }));
  if (op.body === 'json') {
    const shaped = valueFor(op.bodySchema, components, pools).map((value) => ({
      contentType: 'application/json',
      body: JSON.stringify(value) ?? 'null',
    }));
    return fc.oneof(
      { arbitrary: shaped, weight: 6 },
      { arbitrary: raw, weight: 3 },
      { arbitrary: wild, weight: 1 },
      { arbitrary: fc.constant({}), weight: 1 },
    );
  }
  return fc.oneof(
    { arbitrary: fc.constant({}), weight: 4 },
    { arbitrary: raw, weight: 3 },
    { arbitrary: wild, weight: 1 },
  );
}

/** One request against one operation, as one of the given identities (tokens; null for anonymous). */
export function requestFor(
  op: Operation,
  components: Record<string, Schema>,
  pools: Pools,
  identities: Record<string, string | null>,
): fc.Arbitrary<FuzzRequest> {
  const names = Object.keys(identities);
  const pathParams = op.params.filter((param) => param.in === 'path');
  const method = fc.oneof(
    { arbitrary: fc.constant(op.method), weight: 12 },
    { arbitrary: fc.constantFrom('HEAD', 'OPTIONS', 'PUT', 'DELETE', 'PATCH'), weight: 1 },
  );
  return fc
    .record({
      identity: fc.constantFrom(...names),
      method,
      params: fc.tuple(...pathParams.map(() => pathValue(pools))),
      query: queryString(op, components, pools),
      body: bodyFor(op, components, pools),
      idempotencyKey: fc.option(fc.oneof(fc.uuid(), text.map(encodeURIComponent)), { freq: 2 }),
    })
    .map(({ identity, method, params, query, body, idempotencyKey }) => {
      let path = op.path;
      pathParams.forEach((param, index) => (path = path.replace(`{${param.name}}`, params[index])));
      const token = identities[identity];
      const headers: Record<string, string> = {};
      if (token) headers.authorization = `Bearer ${token}`;
      if (body.contentType) headers['content-type'] = body.contentType;
      if (idempotencyKey && op.params.some((param) => param.in === 'header'))
        headers['idempotency-key'] = idempotencyKey.slice(0, 200);
      const sendsBody = method !== 'GET' && method !== 'HEAD' && body.body !== undefined;
      return {
        op: `${op.method} ${op.path}`,
        secured: op.secured && method === op.method,
        identity,
        method,
        url: `${path}${query}`,
        headers,
        body: sendsBody ? body.body : undefined,
      };
    });
}

/** A plausible value for a schema: the first enum value, a fixture id for uuids, a short word, 1. */
function plausible(raw: Schema | undefined, components: Record<string, Schema>, pools: Pools, depth = 0): unknown {
  const schema = resolve(raw, components);
  if (schema.enum?.length) return schema.enum[0];
  if (schema.type === 'integer' || schema.type === 'number') return 1;
  if (schema.type === 'boolean') return true;
  if (schema.type === 'array') return [];
  if (schema.type === 'object' || schema.properties)
    return depth > 3
      ? {}
      : Object.fromEntries(
          Object.entries(schema.properties ?? {}).map(([name, property]) => [
            name,
            plausible(property, components, pools, depth + 1),
          ]),
        );
  if (schema.format === 'uuid') return pools.ids[0];
  if (schema.format === 'email') return 'fuzz@example.com';
  return 'Fuzz value';
}

/**
 * The systematic half: for every JSON body, a plausible body with one field at a time set to null,
 * left out, or of the wrong type, sent by each given identity to each fixture id. Random bodies
 * rarely get every other field right, and a missing null check hides behind exactly that.
 */
export function oneFieldOffRequests(
  operations: Operation[],
  components: Record<string, Schema>,
  pools: Pools,
  identities: Record<string, string | null>,
): FuzzRequest[] {
  const requests: FuzzRequest[] = [];
  for (const op of operations.filter((candidate) => candidate.body === 'json')) {
    const base = plausible(op.bodySchema, components, pools) as Record<string, unknown>;
    if (typeof base !== 'object' || base === null) continue;
    const pathParams = op.params.filter((param) => param.in === 'path');
    const targets = pathParams.length
      ? pools.ids.map((id) => pathParams.reduce((path, param) => path.replace(`{${param.name}}`, id), op.path))
      : [op.path];
    const bodies = Object.keys(base).flatMap((field) => {
      const { [field]: _left, ...without } = base;
      return [{ ...base, [field]: null }, without, { ...base, [field]: typeof base[field] === 'string' ? 7 : 'seven' }];
    });
    for (const [identity, token] of Object.entries(identities)) {
      for (const url of targets) {
        for (const body of bodies) {
          const headers: Record<string, string> = {
            'content-type': 'application/json',
            ...(token ? { authorization: `Bearer ${token}` } : {}),
          };
          if (op.params.some((param) => param.in === 'header')) headers['idempotency-key'] = `fuzz-${requests.length}`;
          requests.push({
            op: `${op.method} ${op.path}`,
            secured: false,
            identity,
            method: op.method,
            url,
            headers,
            body: JSON.stringify(body),
          });
        }
      }
    }
  }
  return requests;
}
