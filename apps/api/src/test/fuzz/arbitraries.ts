import fc from 'fast-check';

/**
 * fast-check arbitraries derived from the API's own OpenAPI document (JSON Schema): values the
 * schema allows, and mutations of them (missing required fields, wrong types, huge strings, NUL and
 * other unicode, extra and prototype-pollution keys). Used by app.fuzz.test.ts.
 */

export type JsonSchema = Record<string, unknown>;

/**
 * A reference to a real row, resolved when the request is sent (rows come and go during the run):
 * `kind` names the table ('stories', 'users', ...), `pick` chooses among its current ids.
 */
export class RealRef {
  constructor(
    readonly kind: string,
    readonly pick: number,
  ) {}
}

/** Which table an identifier named `name` (a field or a path parameter) most likely points into. */
export function kindOf(name: string, path = ''): string {
  const lower = name.toLowerCase();
  const table: [RegExp, string][] = [
    [/story|stories/, 'stories'],
    [/college/, 'colleges'],
    [/grade/, 'grades'],
    [/reply/, 'replies'],
    [/comment/, 'comments'],
    [/rubric/, 'rubrics'],
    [/evaluation/, 'evaluations'],
    [/role/, 'roles'],
    [/user|author|student|teacher/, 'users'],
    [/media|photo|cover|image/, 'media'],
  ];
  for (const [pattern, kind] of table) {
    if (pattern.test(lower)) {
      return kind;
    }
  }
  // A bare `{id}`: the resource the path is about (its last named segment before the parameter).
  const segments = path.split('/').filter((segment) => segment && !segment.startsWith('{'));
  const last = segments.at(-1) ?? '';
  if (/register-requests/.test(path)) {
    return 'registerRequests';
  }
  if (/change-requests/.test(path)) {
    return 'changeRequests';
  }
  for (const [pattern, kind] of table) {
    if (pattern.test(last)) {
      return kind;
    }
  }
  return 'any';
}

const HUGE = 'x'.repeat(300_000);

/** Values that are wrong almost anywhere: wrong types, edge numbers, nasty strings. */
export const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(
    null,
    true,
    false,
    0,
    -1,
    1.5,
    1e308,
    -1e308,
    Number.MAX_SAFE_INTEGER + 2,
    '',
    ' ',
    '\u0000',
    'a\u0000b',
    '\u202e\u200b\ufeff',
    '𝕱𝖎𝖈𝖘 ñandú 🐧‍🔥',
    '\ud800',
    '<script>alert(1)</script>',
    "' OR 1=1 --",
    '"; DROP TABLE users; --',
    '../../etc/passwd',
    '%00',
    '${7*7}{{7*7}}',
    'null',
    'undefined',
    'true',
    '-0',
    'NaN',
    '1e309',
    '2024-02-30T25:61:00Z',
    '00000000-0000-0000-0000-000000000000',
    'ffffffff-ffff-ffff-ffff-ffffffffffff',
    HUGE.slice(0, 5_000),
    HUGE,
    [],
    {},
    [null],
    { $ne: null },
    { __proto__: null, constructor: { prototype: { isAdmin: true } } },
  ),
  fc.string({ unit: 'binary', maxLength: 50 }),
  fc.double(),
  fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }).map((n) => Number(n)),
  fc.jsonValue({ maxDepth: 3 }),
  // Deep nesting.
  fc
    .integer({ min: 50, max: 400 })
    .map((depth) => JSON.parse('['.repeat(depth) + ']'.repeat(depth)) as unknown),
);

/** Keys an object may carry beyond its schema, some of them dangerous to merge naively. */
const extraKey = fc.constantFrom(
  '__proto__',
  'constructor',
  'prototype',
  'isAdmin',
  'role',
  'id',
  '_id',
  'passwordHash',
  '',
  'a'.repeat(1_000),
  '\u0000',
);

/** Sets `key` as an own, enumerable property (so `__proto__` reaches JSON.stringify). */
function withOwn(target: Record<string, unknown>, key: string, value: unknown): Record<string, unknown> {
  const copy: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(target)) {
    Object.defineProperty(copy, k, { value: v, enumerable: true, writable: true, configurable: true });
  }
  Object.defineProperty(copy, key, { value, enumerable: true, writable: true, configurable: true });
  return copy;
}

const stringUnit = fc.constantFrom<'grapheme' | 'binary' | 'grapheme-ascii'>(
  'grapheme',
  'binary',
  'grapheme-ascii',
);

export interface Context {
  document: JsonSchema;
  /** A hint for identifiers: the field or parameter name this value is for. */
  name?: string;
}

function deref(schema: JsonSchema, document: JsonSchema): JsonSchema {
  let current = schema;
  for (let i = 0; i < 10 && typeof current.$ref === 'string'; i += 1) {
    const ref = current.$ref;
    let node: unknown = document;
    for (const raw of ref.replace(/^#\//, '').split('/')) {
      node = (node as Record<string, unknown> | undefined)?.[raw.replaceAll('~1', '/').replaceAll('~0', '~')];
    }
    current = (node as JsonSchema | undefined) ?? {};
  }
  return current;
}

function stringFor(schema: JsonSchema, name: string | undefined): fc.Arbitrary<unknown> {
  const minLength = typeof schema.minLength === 'number' ? schema.minLength : 0;
  const maxLength = Math.min(typeof schema.maxLength === 'number' ? schema.maxLength : 60, 300);
  const options: fc.Arbitrary<unknown>[] = [];
  switch (schema.format) {
    case 'uuid':
      return fc.oneof(
        { weight: 3, arbitrary: fc.nat().map((pick) => new RealRef(kindOf(name ?? 'id'), pick)) },
        { weight: 2, arbitrary: fc.uuid() },
      );
    case 'email':
      return fc.oneof(
        fc.nat().map((pick) => new RealRef('emails', pick)),
        fc.emailAddress(),
        fc.string({ maxLength: 20 }).map((local) => `${local}@fics.test`),
      );
    case 'date-time':
      return fc.date({ noInvalidDate: true }).map((date) => date.toISOString());
    case 'date':
      return fc.date({ noInvalidDate: true }).map((date) => date.toISOString().slice(0, 10));
    case 'uri':
      return fc.webUrl();
    default:
      break;
  }
  if (typeof schema.pattern === 'string') {
    try {
      options.push(
        fc.stringMatching(new RegExp(schema.pattern)).filter((s) => s.length <= Math.max(maxLength, 1)),
      );
    } catch {
      // A pattern fast-check cannot read: plain strings below.
    }
  }
  if (name && /^role$/i.test(name)) {
    options.push(fc.constantFrom('ADMIN', 'TEACHER', 'STUDENT'));
  }
  // Readable text within the bounds, as a person would type it (random code points rarely pass
  // the contracts' own rules, and then nothing would ever be created).
  options.push(
    fc
      .lorem({ maxCount: 4 })
      .map((words) => (words.charAt(0).toUpperCase() + words.slice(1)).slice(0, Math.max(maxLength, 1)))
      .filter((text) => text.length >= minLength),
  );
  if (name && /password/i.test(name)) {
    options.push(fc.constant('clave-de-prueba-segura'));
  }
  if (name && /^ids?$|Id$/.test(name)) {
    options.push(fc.nat().map((pick) => new RealRef(kindOf(name), pick)));
  }
  options.push(
    stringUnit.chain((unit) => fc.string({ unit, minLength, maxLength: Math.max(minLength, maxLength) })),
  );
  return fc.oneof(...options);
}

/** Values the schema describes (mostly valid; identifiers often real rows). */
export function valueOf(schemaIn: JsonSchema, context: Context, depth = 0): fc.Arbitrary<unknown> {
  const schema = deref(schemaIn, context.document);
  if (depth > 6) {
    return fc.constant(null);
  }
  if ('const' in schema) {
    return fc.constant(schema.const);
  }
  if (Array.isArray(schema.enum) && schema.enum.length > 0) {
    return fc.constantFrom(...(schema.enum as unknown[]));
  }
  for (const key of ['anyOf', 'oneOf'] as const) {
    const choices = schema[key];
    if (Array.isArray(choices) && choices.length > 0) {
      return fc.oneof(...choices.map((choice) => valueOf(choice as JsonSchema, context, depth + 1)));
    }
  }
  if (Array.isArray(schema.allOf) && schema.allOf.length > 0) {
    return valueOf(schema.allOf[0] as JsonSchema, context, depth + 1);
  }
  const types = Array.isArray(schema.type) ? (schema.type as string[]) : [schema.type as string | undefined];
  const nullable = schema.nullable === true || types.includes('null');
  const type = types.find((t) => t !== 'null');
  let arbitrary: fc.Arbitrary<unknown>;
  switch (type) {
    case 'string':
      arbitrary = stringFor(schema, context.name);
      break;
    case 'integer':
    case 'number': {
      const min = typeof schema.minimum === 'number' ? schema.minimum : -1_000_000;
      const max = typeof schema.maximum === 'number' ? schema.maximum : 1_000_000;
      arbitrary =
        type === 'integer'
          ? fc.integer({ min: Math.ceil(min), max: Math.floor(max) })
          : fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
      break;
    }
    case 'boolean':
      arbitrary = fc.boolean();
      break;
    case 'array': {
      const items = (schema.items as JsonSchema | undefined) ?? {};
      const minLength = typeof schema.minItems === 'number' ? schema.minItems : 0;
      const maxLength = Math.max(
        minLength,
        Math.min(typeof schema.maxItems === 'number' ? schema.maxItems : 5, 6),
      );
      arbitrary = fc.array(valueOf(items, context, depth + 1), { minLength, maxLength });
      break;
    }
    case 'object':
    case undefined: {
      const properties = (schema.properties as Record<string, JsonSchema> | undefined) ?? {};
      if (type === undefined && Object.keys(properties).length === 0) {
        arbitrary = fc.jsonValue({ maxDepth: 2 });
        break;
      }
      const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
      const model: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [key, child] of Object.entries(properties)) {
        model[key] = valueOf(child, { ...context, name: key }, depth + 1);
      }
      let record: fc.Arbitrary<Record<string, unknown>> = fc.record(model, {
        requiredKeys: [...required].filter((key) => key in model),
      });
      const extra = schema.additionalProperties;
      if (extra && typeof extra === 'object') {
        const values = valueOf(extra as JsonSchema, context, depth + 1);
        record = fc
          .tuple(record, fc.dictionary(fc.string({ minLength: 1, maxLength: 12 }), values, { maxKeys: 3 }))
          .map(([known, more]) => ({ ...more, ...known }));
      }
      arbitrary = record;
      break;
    }
    default:
      arbitrary = fc.jsonValue({ maxDepth: 2 });
  }
  return nullable ? fc.oneof(fc.constant(null), arbitrary) : arbitrary;
}

/** Mutations of a value of `schema`: often valid, sometimes broken in one of several ways. */
export function fuzzedValueOf(schemaIn: JsonSchema, context: Context): fc.Arbitrary<unknown> {
  const schema = deref(schemaIn, context.document);
  const valid = valueOf(schema, context);
  const mutations: fc.Arbitrary<unknown>[] = [nastyValue];
  const properties = (schema.properties as Record<string, JsonSchema> | undefined) ?? {};
  const keys = Object.keys(properties);
  if (keys.length > 0) {
    const asObject = valid.filter(
      (value): value is Record<string, unknown> =>
        typeof value === 'object' && value !== null && !Array.isArray(value),
    );
    mutations.push(
      // A field (often a required one) missing.
      fc.tuple(asObject, fc.constantFrom(...keys)).map(([value, key]) => {
        const copy = { ...value };
        delete copy[key];
        return copy;
      }),
      // A field of the wrong type or a nasty value.
      fc
        .tuple(asObject, fc.constantFrom(...keys), nastyValue)
        .map(([value, key, bad]) => withOwn(value, key, bad)),
      // A field with a mutated value of its own schema (one level down).
      fc
        .constantFrom(...keys)
        .chain((key) =>
          fc
            .tuple(asObject, fuzzedValueOf(properties[key]!, { ...context, name: key }))
            .map(([value, bad]) => withOwn(value, key, bad)),
        ),
      // Extra fields, prototype-pollution keys among them.
      fc
        .tuple(asObject, extraKey, fc.oneof(nastyValue, fc.constant({ isAdmin: true, role: 'ADMIN' })))
        .map(([value, key, bad]) => withOwn(value, key, bad)),
    );
  }
  return fc.oneof(
    { weight: 5, arbitrary: valid },
    ...mutations.map((arbitrary) => ({ weight: 1, arbitrary })),
  );
}
