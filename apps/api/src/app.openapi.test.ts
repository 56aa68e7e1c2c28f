import SwaggerParser from '@apidevtools/swagger-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './test/helpers';

interface OpenApiDocument {
  openapi: string;
  paths: Record<
    string,
    Record<
      string,
      {
        responses?: Record<string, unknown>;
        requestBody?: { content?: Record<string, { schema: { properties?: Record<string, unknown> } }> };
      }
    >
  >;
  components?: { schemas?: Record<string, unknown> };
}

const METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

/** Every `$ref` anywhere in the document. */
function refsOf(value: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(value)) {
    value.forEach((item) => refsOf(item, found));
  } else if (value !== null && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      if (key === '$ref' && typeof child === 'string') {
        found.add(child);
      } else {
        refsOf(child, found);
      }
    }
  }
  return found;
}

/** The value a local `$ref` ('#/a/b') points at, or undefined. */
function resolve(document: unknown, ref: string): unknown {
  if (!ref.startsWith('#/')) {
    return undefined;
  }
  let node: unknown = document;
  for (const raw of ref.slice(2).split('/')) {
    const key = raw.replaceAll('~1', '/').replaceAll('~0', '~');
    if (node === null || typeof node !== 'object' || !Object.hasOwn(node, key)) {
      return undefined;
    }
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

describe('the OpenAPI document at /api/docs/json', () => {
  let t: TestApp;
  let document: OpenApiDocument;
  beforeAll(async () => {
    t = await buildTestApp();
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    document = res.json<OpenApiDocument>();
  });
  afterAll(async () => {
    await t.close();
  });

  it('is valid OpenAPI, as client generators read it', async () => {
    // The validator dereferences the document in place: give it a copy. Only local $refs, nothing
    // is fetched.
    await expect(SwaggerParser.validate(structuredClone(document) as never)).resolves.toBeDefined();
  });

  it('has every $ref pointing at something, all local', () => {
    const refs = [...refsOf(document)];
    expect(refs.length).toBeGreaterThan(0);
    const dangling = refs.filter((ref) => resolve(document, ref) === undefined);
    expect(dangling).toEqual([]);
  });

  it('defines the one error shape once, as a component every error response uses', () => {
    expect(document.components?.schemas?.Error).toEqual({
      type: 'object',
      properties: {
        type: { type: 'string', enum: expect.arrayContaining(['VALIDATION_ERROR', 'NOT_FOUND', 'INTERNAL']) },
        message: { type: 'string' },
        errors: { type: 'object', additionalProperties: { type: 'string' } },
      },
      required: ['type', 'message'],
      additionalProperties: false,
    });
    const errorResponses = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(([method]) => METHODS.has(method))
        .flatMap(([method, operation]) =>
          Object.entries(operation.responses ?? {})
            .filter(([status]) => Number(status) >= 400)
            .map(([status, response]) => ({ at: `${method.toUpperCase()} ${path} ${status}`, response })),
        ),
    );
    expect(errorResponses.length).toBeGreaterThan(50);
    for (const { at, response } of errorResponses) {
      expect(response, at).toMatchObject({
        content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
      });
    }
  });

  it('documents a success response for every operation of every path', () => {
    const paths = Object.entries(document.paths);
    expect(paths.length).toBeGreaterThan(40);
    for (const [path, operations] of paths) {
      const methods = Object.keys(operations).filter((key) => METHODS.has(key));
      expect(methods.length, path).toBeGreaterThan(0);
      for (const method of methods) {
        const statuses = Object.keys(operations[method]!.responses ?? {});
        expect(
          statuses.some((status) => /^2\d\d$/.test(status)),
          `${method.toUpperCase()} ${path}: ${statuses.join(', ')}`,
        ).toBe(true);
      }
    }
  });

  it('documents the form of every route that takes a multipart upload: its fields and a binary file', () => {
    // The routes that read their own body (media/upload.ts), with a field each form must list.
    const uploads = [
      { at: ['/api/v1/stories', 'post'], field: 'title', json: false },
      { at: ['/api/v1/stories/{id}', 'patch'], field: 'title', json: true },
      { at: ['/api/v1/users/{id}', 'patch'], field: 'email', json: true },
      { at: ['/api/v1/users/{id}/profile', 'patch'], field: 'bio', json: true },
    ] as const;
    for (const { at, field, json } of uploads) {
      const [path, method] = at;
      const content = document.paths[path]?.[method]?.requestBody?.content;
      const form = content?.['multipart/form-data']?.schema.properties;
      expect(form, `${method} ${path}`).toMatchObject({
        [field]: expect.any(Object),
        file: {
          type: 'string',
          format: 'binary',
          description: expect.stringMatching(/^.+: imagen de hasta 1 MB/),
        },
      });
      expect(Boolean(content?.['application/json']), `${method} ${path} JSON`).toBe(json);
    }
    // Publishing and sending to review are JSON on the same route: both bodies are documented.
    expect(
      JSON.stringify(
        document.paths['/api/v1/stories/{id}']?.patch?.requestBody?.content?.['application/json'],
      ),
    ).toContain('publicationStatus');
    // Every operation that consumes multipart now says what to send.
    const undocumented = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(([method, operation]) => METHODS.has(method) && operation.requestBody?.content === undefined)
        .filter(([, operation]) => JSON.stringify(operation).includes('multipart'))
        .map(([method]) => `${method} ${path}`),
    );
    expect(undocumented).toEqual([]);
  });
});
