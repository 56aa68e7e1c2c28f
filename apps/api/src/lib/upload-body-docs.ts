import type { FastifySchema } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { z } from 'zod';

/**
 * How a route that reads its own body (a multipart form through @fastify/multipart, or JSON beside
 * it: media/upload.ts) documents that body in OpenAPI. Fastify's validator never sees these routes'
 * bodies, so they cannot go in `schema.body`; the handler parses them with the same contracts schemas
 * (lib/validation.ts parseBody) that are named here.
 */
export interface UploadBodyDoc {
  /** The form's text fields, as the handler parses them. */
  form: z.ZodType;
  /** What the optional `file` part is (an image: its limits). */
  file: string;
  /** Where the route takes JSON as well: that body. */
  json?: z.ZodType;
}

declare module 'fastify' {
  interface FastifySchema {
    /** Documentation only: the OpenAPI requestBody of a route that reads its body itself. */
    uploadBody?: UploadBodyDoc;
  }
}

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];
type JsonSchema = Record<string, unknown>;

const isObjectSchema = (schema: JsonSchema): schema is JsonSchema & { properties: JsonSchema } =>
  schema.type === 'object' && typeof schema.properties === 'object' && schema.properties !== null;

/**
 * The swagger transform: zod's (fastify-type-provider-zod) for every route, plus a requestBody with a
 * `multipart/form-data` form (the text fields and `file` as binary) and, where given, the JSON body,
 * for the routes that declare `uploadBody`.
 */
export function transformWithUploadBodies(input: TransformInput): ReturnType<typeof jsonSchemaTransform> {
  const { uploadBody, ...schema }: FastifySchema = input.schema ?? {};
  const result = jsonSchemaTransform({ ...input, schema });
  if (!uploadBody || !result.schema || (result.schema as { hide?: boolean }).hide) {
    return result;
  }
  // The same conversion as every other body (the registry's $refs, OpenAPI 3.0's keywords).
  const bodyOf = (zodSchema: z.ZodType) =>
    (jsonSchemaTransform({ ...input, schema: { body: zodSchema } }).schema as { body: JsonSchema }).body;
  const form = bodyOf(uploadBody.form);
  const file = { type: 'string', format: 'binary', description: uploadBody.file };
  const formWithFile = isObjectSchema(form)
    ? { ...form, properties: { ...form.properties, file } }
    : { allOf: [form, { type: 'object', properties: { file } }] };
  const content: Record<string, { schema: JsonSchema }> = {
    'multipart/form-data': { schema: formWithFile },
  };
  if (uploadBody.json) {
    content['application/json'] = { schema: bodyOf(uploadBody.json) };
  }
  return { ...result, schema: { ...result.schema, body: { content } } };
}
