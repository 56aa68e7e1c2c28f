import type { z } from 'zod';
import { validationError } from './errors';

/**
 * Parses a body the route could not hand to Fastify's validator (multipart forms), answering a
 * failure exactly as schema validation does: 400 VALIDATION_ERROR with one message per field.
 */
export function parseBody<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  const result = schema.safeParse(value);
  if (result.success) {
    return result.data;
  }
  throw validationError(fieldErrorsOf(result.error));
}

/** Zod issues as the API's field errors (`title`, `items.0`, `columns.2.pointValue`), the first per field. */
export function fieldErrorsOf(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.') || 'body';
    errors[key] ??= issue.message;
  }
  return errors;
}
