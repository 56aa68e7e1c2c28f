import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { errorStatus, errorTypes, type RoleName } from '@fics/contracts';
import { buildTestApp, createUser, tokensFor, type TestApp, type TestUser } from './test/helpers';
import { multipartBody } from './test/multipart';
import {
  fuzzedValueOf,
  kindOf,
  nastyValue,
  RealRef,
  valueOf,
  type JsonSchema,
} from './test/fuzz/arbitraries';
import { addComment, commentWorld } from './modules/comments/comments.fixtures';
import { coverImage } from './modules/stories/stories.fixtures';
import { createRubric } from './modules/rubrics/rubrics.fixtures';
import { assignGrades } from './modules/users/users.fixtures';

/**
 * Issue 11 point 9: every endpoint of the OpenAPI document, driven with inputs generated from the
 * API's own schemas (valid ones and mutations), 10,000 requests in all, as a visitor, a student, a
 * teacher and an administrator, on the real app with real rows: no 5xx, no stack trace or SQL in any
 * answer, every error in the one shape `{ type, message, errors? }` with its table's status.
 *
 * Reproduce a failure: FUZZ_SEED=<the seed printed> npx vitest run apps/api/src/app.fuzz.test.ts
 * (FUZZ_RUNS=<n> to change the number of requests). The sequence of requests is the same for a seed;
 * the app's state is rebuilt the same way, so the failing request comes back at the same index.
 */

const SEED = Number(process.env.FUZZ_SEED ?? 20_250_911);
const RUNS = Number(process.env.FUZZ_RUNS ?? 10_000);
/** Fresh tokens, live users and the pool of real ids are renewed every BATCH requests. */
const BATCH = 100;

type Role = 'visitor' | 'student' | 'teacher' | 'admin';
const ROLES: Role[] = ['visitor', 'student', 'teacher', 'admin'];
const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

interface Operation {
  method: string;
  /** The OpenAPI path, `{param}` placeholders included. */
  path: string;
  pathParams: string[];
  query: { name: string; schema: JsonSchema }[];
  /** The JSON body's schema, when the operation documents one. */
  jsonBody: JsonSchema | undefined;
  /** The multipart form's schemas (its text fields), for the upload endpoints. */
  multipart: JsonSchema[] | undefined;
}

/**
 * The multipart endpoints' forms, from their documented requestBody (lib/upload-body-docs.ts): the
 * text fields (the `file` part is generated apart, as a real cover, garbage or nothing) and, where
 * the route takes JSON as well, that body.
 */
function multipartSchemas(
  content: Record<string, { schema: JsonSchema }> | undefined,
): JsonSchema[] | undefined {
  const form = content?.['multipart/form-data']?.schema;
  if (!form) {
    return undefined;
  }
  const { file: _file, ...fields } = (form.properties ?? {}) as Record<string, JsonSchema>;
  const json = content?.['application/json']?.schema;
  return [{ ...form, properties: fields }, ...(json ? [json] : [])];
}

function operationsOf(document: JsonSchema): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(document.paths as Record<string, Record<string, JsonSchema>>)) {
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) {
        continue;
      }
      const parameters = (operation.parameters as { in: string; name: string; schema: JsonSchema }[]) ?? [];
      const content = (
        operation.requestBody as { content?: Record<string, { schema: JsonSchema }> } | undefined
      )?.content;
      operations.push({
        method,
        path,
        pathParams: parameters.filter((p) => p.in === 'path').map((p) => p.name),
        query: parameters.filter((p) => p.in === 'query').map((p) => ({ name: p.name, schema: p.schema })),
        jsonBody: content?.['application/json']?.schema,
        multipart: multipartSchemas(content),
      });
    }
  }
  return operations;
}

/** What a request will be, before real ids (RealRef) are resolved against the current rows. */
interface PlannedRequest {
  role: Role;
  /** A forged or broken Authorization header instead of the role's own. */
  badToken: string | undefined;
  operation: Operation;
  pathValues: unknown[];
  query: [string, unknown][];
  body:
    | { kind: 'none' }
    | { kind: 'json'; value: unknown; contentType: string }
    | { kind: 'raw'; text: string; contentType: string }
    | { kind: 'multipart'; fields: Record<string, unknown>; file: 'cover' | 'garbage' | 'empty' | undefined };
}

/** Path segments a router may choke on, sent as they are (already valid in a request line). */
const rawSegments = ['%', '%zz', '%00', '%E0%A4%A', '..', '.', '%2e%2e%2f', 'a%2Fb', '%C0%AF', '%ef%bf%bf'];

function pathValue(name: string, path: string): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 5, arbitrary: fc.nat().map((pick) => new RealRef(kindOf(name, path), pick)) },
    { weight: 2, arbitrary: fc.uuid() },
    { weight: 1, arbitrary: fc.constantFrom(...rawSegments).map((raw) => ({ raw })) },
    { weight: 2, arbitrary: nastyValue },
  );
}

function plan(operation: Operation, document: JsonSchema): fc.Arbitrary<Omit<PlannedRequest, 'role'>> {
  const context = { document };
  const pathValues = fc.tuple(...operation.pathParams.map((name) => pathValue(name, operation.path)));
  const query = fc
    .tuple(
      ...operation.query.map(({ name, schema }) =>
        fc
          .option(
            fc.oneof(
              { weight: 4, arbitrary: valueOf(schema, { ...context, name }) },
              { weight: 1, arbitrary: nastyValue },
            ),
            { freq: 2 },
          )
          .map((value): [string, unknown] | null => (value === null ? null : [name, value])),
      ),
      // An unknown parameter, one request in six.
      fc.oneof(
        { weight: 5, arbitrary: fc.constant(null) },
        {
          weight: 1,
          arbitrary: fc.tuple(
            fc.constantFrom('__proto__', 'page', 'x', 'constructor[prototype][a]'),
            nastyValue,
          ),
        },
      ),
    )
    .map((pairs) => pairs.filter((pair): pair is [string, unknown] => pair !== null));
  let body: fc.Arbitrary<PlannedRequest['body']>;
  const rawJson = fc.record({
    kind: fc.constant('raw' as const),
    text: fc.constantFrom(
      '{',
      '{"a":',
      'nul',
      '[1,2',
      '"\\ud800"',
      '{"__proto__":{"isAdmin":true}}',
      '',
      ' ',
    ),
    contentType: fc.constant('application/json'),
  });
  // Broken forms: no boundary, a boundary never used, a file under another name, two files, a
  // part without a name, an unterminated body.
  const part = (headers: string, value: string) => `--b\r\n${headers}\r\n\r\n${value}\r\n`;
  const rawForm = fc.record({
    kind: fc.constant('raw' as const),
    text: fc.constantFrom(
      '',
      'title=hola',
      `${part('Content-Disposition: form-data; name="title"', 'Hola')}--b--\r\n`,
      `${part('Content-Disposition: form-data; name="foto"; filename="a.png"\r\nContent-Type: image/png', 'x')}--b--\r\n`,
      `${part('Content-Disposition: form-data; name="file"; filename="a.png"', 'x')}${part('Content-Disposition: form-data; name="file"; filename="b.png"', 'y')}--b--\r\n`,
      `${part('Content-Disposition: form-data', 'sin nombre')}--b--\r\n`,
      `${part('Content-Disposition: form-data; name="__proto__"', '{"isAdmin":true}')}--b--\r\n`,
      '--b\r\nContent-Disposition: form-data; name="title"\r\n\r\nsin fin',
    ),
    contentType: fc.constantFrom(
      'multipart/form-data',
      'multipart/form-data; boundary=b',
      'multipart/mixed; boundary=b',
    ),
  });
  if (operation.multipart) {
    const schemas = operation.multipart;
    const fields = fc
      .constantFrom(...schemas)
      .chain((schema) => fuzzedValueOf(schema, context))
      .map((value) =>
        typeof value === 'object' && value !== null && !Array.isArray(value) ? value : { value },
      );
    body = fc.oneof(
      {
        weight: 4,
        arbitrary: fc.record({
          kind: fc.constant('multipart' as const),
          fields: fields as fc.Arbitrary<Record<string, unknown>>,
          file: fc.constantFrom('cover' as const, 'garbage' as const, 'empty' as const, undefined),
        }),
      },
      {
        weight: 1,
        arbitrary: fc.record({
          kind: fc.constant('json' as const),
          value: fc.constantFrom(...schemas).chain((schema) => fuzzedValueOf(schema, context)),
          contentType: fc.constant('application/json'),
        }),
      },
      { weight: 1, arbitrary: rawJson },
      { weight: 1, arbitrary: rawForm },
    );
  } else if (operation.jsonBody) {
    body = fc.oneof(
      {
        weight: 8,
        arbitrary: fc.record({
          kind: fc.constant('json' as const),
          value: fuzzedValueOf(operation.jsonBody, context),
          contentType: fc.constantFrom(
            'application/json',
            'application/json',
            'application/json; charset=utf-8',
          ),
        }),
      },
      { weight: 1, arbitrary: rawJson },
      { weight: 1, arbitrary: rawForm },
      {
        weight: 1,
        arbitrary: fc.record({
          kind: fc.constant('raw' as const),
          text: fc.constantFrom('a=1', '<x/>', 'hola'),
          contentType: fc.constantFrom(
            'text/plain',
            'application/xml',
            'application/x-www-form-urlencoded',
            'bogus',
          ),
        }),
      },
      { weight: 1, arbitrary: fc.constant({ kind: 'none' as const }) },
    );
  } else {
    body = fc.oneof(
      { weight: 6, arbitrary: fc.constant({ kind: 'none' as const }) },
      {
        weight: 1,
        arbitrary: fc.record({
          kind: fc.constant('json' as const),
          value: nastyValue,
          contentType: fc.constant('application/json'),
        }),
      },
    );
  }
  // A forged or malformed Authorization header, one request in twenty-five.
  const badToken = fc.oneof(
    { weight: 24, arbitrary: fc.constant(null) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        'Bearer ',
        'Bearer x.y.z',
        'Basic YTpi',
        'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.',
        'token',
      ),
    },
  );
  return fc
    .record({ pathValues, query, body, badToken })
    .map(({ badToken: token, ...rest }) => ({ ...rest, badToken: token ?? undefined, operation }));
}

/** The rows real ids are drawn from, per table, renewed every batch. */
type Pools = Record<string, string[]>;

async function currentPools(t: TestApp): Promise<Pools> {
  const tables: Record<string, string> = {
    stories: 'stories',
    colleges: 'colleges',
    grades: 'grades',
    users: 'users',
    comments: 'comments',
    replies: 'comment_replies',
    rubrics: 'rubrics',
    evaluations: 'evaluations',
    roles: 'roles',
    media: 'media',
    registerRequests: 'register_requests',
    changeRequests: 'change_requests',
  };
  const pools: Pools = {};
  for (const [kind, table] of Object.entries(tables)) {
    const result = await t.app.db.execute(
      sql`select id::text as id from ${sql.identifier(table)} order by id limit 12`,
    );
    pools[kind] = (result as { rows: { id: string }[] }).rows.map((row) => row.id);
  }
  const emails = await t.app.db.execute(sql`select email from users order by email limit 12`);
  pools.emails = (emails as { rows: { email: string }[] }).rows.map((row) => row.email);
  pools.any = Object.values(pools).flat();
  return pools;
}

function resolve(value: unknown, pools: Pools): unknown {
  if (value instanceof RealRef) {
    const pool = pools[value.kind]?.length ? pools[value.kind]! : pools.any!;
    return pool.length > 0 ? pool[value.pick % pool.length] : '00000000-0000-4000-8000-000000000000';
  }
  if (Array.isArray(value)) {
    return value.map((item) => resolve(item, pools));
  }
  if (value !== null && typeof value === 'object') {
    const copy: Record<string, unknown> = {};
    for (const [key, child] of Object.entries(value)) {
      Object.defineProperty(copy, key, {
        value: resolve(child, pools),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    return copy;
  }
  return value;
}

const asText = (value: unknown): string =>
  typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));

/** A path segment: encoded, except the raw tokens meant to reach the router as they are. */
const segment = (value: unknown): string =>
  value !== null && typeof value === 'object' && 'raw' in value
    ? String((value as { raw: string }).raw)
    : // A lone surrogate cannot be percent-encoded (URIError): the client would send U+FFFD.
      encodeURIComponent(
        asText(value).replace(
          /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g,
          '\ufffd',
        ),
      );

const ENGLISH =
  /\b(the|is|must|required|invalid|expected|received|should|cannot|unexpected|not found|body)\b/i;
const LEAKS: [string, RegExp][] = [
  ['a stack frame', /\n\s+at\s|\bat [\w.<>]+ \([^)]*:\d+:\d+\)/],
  ['a source path', /\/src\/|\.ts:\d+|node_modules/],
  ['an exception name', /\b\w*Error:|TypeError|ReferenceError|RangeError|SyntaxError/],
  [
    'SQL',
    /\b(select\s.+\sfrom|insert into|delete from|update\s+"?\w+"?\s+set)\b|syntax error at or near|violates .* constraint|duplicate key value|relation "\w+"|drizzle|postgres/i,
  ],
];

/** Everything wrong with an answer ([] when it is fine). */
function problemsOf(status: number, contentType: string, body: string): string[] {
  const problems: string[] = [];
  if (status >= 500) {
    problems.push(`status ${status}`);
  }
  const isText = /json|text|html|csv/.test(contentType) || contentType === '';
  if (isText) {
    for (const [what, pattern] of LEAKS) {
      if (pattern.test(body)) {
        problems.push(`body shows ${what}: ${body.match(pattern)![0]}`);
      }
    }
  }
  if (status >= 400) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch {
      return [...problems, `error body is not JSON (${contentType}): ${body.slice(0, 200)}`];
    }
    const shape = z.strictObject({
      type: z.enum(errorTypes),
      message: z.string().min(1),
      errors: z.record(z.string(), z.string()).optional(),
    });
    const checked = shape.safeParse(parsed);
    if (!checked.success) {
      problems.push(`error body is not { type, message, errors? }: ${body.slice(0, 300)}`);
    } else {
      const { type, message, errors } = checked.data;
      if (errorStatus[type] !== status) {
        problems.push(`type ${type} answered with status ${status} (table: ${errorStatus[type]})`);
      }
      for (const text of [message, ...Object.values(errors ?? {})]) {
        if (ENGLISH.test(text)) {
          problems.push(`message not in Spanish: ${text}`);
        }
      }
    }
  }
  return problems;
}

describe('the fuzz checks themselves', () => {
  const json = 'application/json; charset=utf-8';
  it('accept the one error shape with its status, and a plain success', () => {
    expect(problemsOf(404, json, '{"type":"NOT_FOUND","message":"No existe"}')).toEqual([]);
    expect(
      problemsOf(400, json, '{"type":"VALIDATION_ERROR","message":"Datos inválidos","errors":{"a":"Falta"}}'),
    ).toEqual([]);
    expect(problemsOf(200, json, '{"user":{"name":"Ana"}}')).toEqual([]);
  });
  it('refuse a 5xx, a foreign shape, a wrong status, English, a stack trace or SQL', () => {
    expect(problemsOf(500, json, '{"type":"INTERNAL","message":"Error interno"}')).not.toEqual([]);
    expect(problemsOf(400, json, '{"statusCode":400,"error":"Bad Request","message":"x"}')).not.toEqual([]);
    expect(problemsOf(400, json, '{"type":"NOT_FOUND","message":"No existe"}')).not.toEqual([]);
    expect(problemsOf(400, json, '{"type":"VALIDATION_ERROR","message":"Datos","extra":1}')).not.toEqual([]);
    expect(
      problemsOf(400, json, '{"type":"VALIDATION_ERROR","message":"Invalid input: expected string"}'),
    ).not.toEqual([]);
    expect(problemsOf(400, 'text/plain', 'Bad Request')).not.toEqual([]);
    expect(
      problemsOf(200, json, '{"a":"TypeError: x\n    at f (/app/src/x.ts:1:2)"}').length,
    ).toBeGreaterThanOrEqual(2);
    expect(problemsOf(200, json, '{"a":"duplicate key value violates unique constraint"}')).not.toEqual([]);
  });
});

describe('the API under generated requests (issue 11 point 9)', () => {
  let t: TestApp;
  let document: JsonSchema;
  let operations: Operation[];
  const people: Partial<Record<Exclude<Role, 'visitor'>, TestUser>> = {};
  let gradeId: string;
  let cover: Buffer;

  beforeAll(async () => {
    t = await buildTestApp();
    const w = await commentWorld(t.app);
    await addComment(t.app, w.classmate, w.story._id);
    await createRubric(t.app, w.teacher.headers);
    people.student = w.author;
    people.teacher = w.teacher;
    people.admin = w.admin;
    gradeId = w.gradeA1;
    cover = await coverImage();
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    document = res.json<JsonSchema>();
    operations = operationsOf(document);
  });
  afterAll(async () => {
    await t?.close();
  });

  /** The role's user, recreated if a request deleted it or ended its access (an e-mail change...). */
  async function liveHeaders(role: Exclude<Role, 'visitor'>): Promise<Record<string, string>> {
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const user = people[role]!;
      try {
        const { accessToken } = await tokensFor(t.app, user);
        const headers = { authorization: `Bearer ${accessToken}` };
        const me = await t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers });
        if (
          me.statusCode === 200 &&
          me.json<{ user: { role: { name: string } } }>().user.role.name === user.role
        ) {
          return headers;
        }
      } catch {
        // The user row is gone: recreated below.
      }
      const roleName = role.toUpperCase() as RoleName;
      people[role] = await createUser(t.app, { role: roleName });
      if (role !== 'admin') {
        await assignGrades(t.app, people[role].id, [gradeId]).catch(() => undefined);
      }
    }
    throw new Error(`no live ${role} session`);
  }

  it(
    `answers ${RUNS} generated requests without a 5xx, a leak or a foreign error shape (seed ${SEED})`,
    async () => {
      expect(operations.length).toBeGreaterThan(60);
      // Operations in turn (each one about RUNS / operations times), each one's n-th request made as
      // ROLES[n % 4]; what is sent comes from the operation's own arbitrary, half of the samples
      // without fast-check's bias towards small and edge values, so both kinds are well covered.
      const samples = operations.map((operation, k) => {
        const count = Math.ceil((RUNS - k) / operations.length);
        const arbitrary = plan(operation, document);
        return count > 0
          ? fc.sample(fc.oneof(arbitrary, fc.noBias(arbitrary)), { seed: SEED + k, numRuns: count })
          : [];
      });
      const planned: PlannedRequest[] = Array.from({ length: RUNS }, (_, i) => {
        const round = Math.floor(i / operations.length);
        return { ...samples[i % operations.length]![round]!, role: ROLES[round % ROLES.length]! };
      });
      const failures: string[] = [];
      const seen = new Set<string>();
      const perOperation = new Map<string, number>();
      const statuses = new Map<number, number>();
      let headers: Record<Role, Record<string, string>> = {
        visitor: {},
        student: {},
        teacher: {},
        admin: {},
      };
      let pools: Pools = {};
      const started = Date.now();
      for (const [index, request] of planned.entries()) {
        if (index % BATCH === 0) {
          headers = {
            visitor: {},
            student: await liveHeaders('student'),
            teacher: await liveHeaders('teacher'),
            admin: await liveHeaders('admin'),
          };
          pools = await currentPools(t);
        }
        const { operation } = request;
        let url = operation.path;
        operation.pathParams.forEach((name, i) => {
          url = url.replace(`{${name}}`, segment(resolve(request.pathValues[i], pools)));
        });
        if (request.query.length > 0) {
          const search = new URLSearchParams();
          for (const [name, value] of request.query) {
            const resolved = resolve(value, pools);
            for (const item of Array.isArray(resolved) ? resolved : [resolved]) {
              search.append(name, asText(item));
            }
          }
          url += `?${search.toString()}`;
        }
        let requestHeaders: Record<string, string> = { ...headers[request.role] };
        if (request.role !== 'visitor' && /\/auth\/logout/.test(operation.path)) {
          // Logging out ends the session: a throwaway one, so the role's own stays usable.
          const { accessToken } = await tokensFor(t.app, people[request.role]!);
          requestHeaders = { authorization: `Bearer ${accessToken}` };
        }
        if (request.badToken !== undefined) {
          requestHeaders.authorization = request.badToken;
        }
        let payload: string | Buffer | undefined;
        const { body } = request;
        if (body.kind === 'json') {
          payload = JSON.stringify(resolve(body.value, pools)) ?? 'null';
          requestHeaders['content-type'] = body.contentType;
        } else if (body.kind === 'raw') {
          payload = body.text;
          requestHeaders['content-type'] = body.contentType;
        } else if (body.kind === 'multipart') {
          const fields: Record<string, string> = {};
          for (const [key, value] of Object.entries(resolve(body.fields, pools) as Record<string, unknown>)) {
            fields[key] = asText(value);
          }
          const file =
            body.file === 'cover'
              ? { content: cover, contentType: 'image/jpeg', filename: 'portada.jpg' }
              : body.file === 'garbage'
                ? { content: Buffer.from('\u0000GIF89a no es una imagen'), filename: '../../x.png' }
                : body.file === 'empty'
                  ? { content: Buffer.alloc(0) }
                  : undefined;
          const form = multipartBody(fields, file);
          payload = form.payload;
          Object.assign(requestHeaders, form.headers);
        }
        const method = operation.method.toUpperCase() as 'GET';
        const described = `#${index} ${request.role} ${method} ${url.slice(0, 300)}${
          payload === undefined
            ? ''
            : ` (${requestHeaders['content-type'] ?? 'no content-type'}) body ${String(payload).slice(0, 300)}`
        }`;
        let res;
        try {
          // An address per batch: the per-address limits of single routes (failed logins,
          // registration requests) refuse some requests (429, checked like any answer), not most.
          const remoteAddress = `10.0.${Math.floor(index / BATCH) % 250}.${1 + (index % 7)}`;
          res = await t.app.inject({ method, url, headers: requestHeaders, payload, remoteAddress });
        } catch (error) {
          failures.push(`${described}\n  inject threw: ${String(error)}`);
          continue;
        }
        const key = `${method} ${operation.path}`;
        perOperation.set(key, (perOperation.get(key) ?? 0) + 1);
        statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
        const problems = problemsOf(res.statusCode, String(res.headers['content-type'] ?? ''), res.body);
        if (problems.length > 0) {
          // One report per operation and kind of problem: the first request that shows it.
          const signature = `${key} ${problems.map((p) => p.slice(0, 40)).join('|')}`;
          if (!seen.has(signature)) {
            seen.add(signature);
            failures.push(`${described}\n  -> ${res.statusCode} ${problems.join('; ')}`);
          }
        }
      }
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      console.info(
        `fuzz: ${planned.length} requests in ${seconds} s (seed ${SEED}); statuses ${JSON.stringify(
          Object.fromEntries([...statuses].sort(([a], [b]) => a - b)),
        )}`,
      );
      expect(
        failures,
        `seed ${SEED}: FUZZ_SEED=${SEED} npx vitest run apps/api/src/app.fuzz.test.ts`,
      ).toEqual([]);
      // The run reached every operation, and answers of every kind (not only refusals).
      expect(planned.length).toBe(RUNS);
      if (RUNS >= 5_000) {
        for (const operation of operations) {
          expect(
            perOperation.get(`${operation.method.toUpperCase()} ${operation.path}`) ?? 0,
          ).toBeGreaterThan(20);
        }
        for (const status of [200, 400, 401, 403, 404]) {
          expect(statuses.get(status) ?? 0, `answers ${status}`).toBeGreaterThan(50);
        }
        // Rows are created too (schools, grades, users, rubrics... from generated valid bodies).
        expect(statuses.get(201) ?? 0, 'answers 201').toBeGreaterThan(0);
      }
    },
    // About 45–100 s on a shared 2-core machine (PGlite or a PostgreSQL server): room for a slow CI.
    6 * 60_000,
  );
});
