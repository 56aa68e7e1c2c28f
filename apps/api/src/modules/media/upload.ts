import type { FastifyRequest } from 'fastify';
import { messages } from '@fics/contracts';
import { AppError, tooLarge } from '../../lib/errors';
import { imageTooLarge } from './images';

export interface UploadForm {
  /** Text fields; a field sent several times becomes a list. */
  fields: Record<string, string | string[]>;
  /** The `file` part, complete (never a truncated one). */
  file: Buffer | undefined;
}

const isFileTooLarge = (error: unknown) =>
  typeof error === 'object' &&
  error !== null &&
  (error as { code?: unknown }).code === 'FST_REQ_FILE_TOO_LARGE';

/**
 * The parser's own complaints about a malformed body ('Multipart: Boundary not found', 'Unexpected
 * end of form', 'Malformed part header'...) are plain errors, without a Fastify code or status:
 * bad input, not a server failure. Ours (AppError) and Fastify's (limits, a content type the plugin
 * refuses: a code and a status) keep their own answers.
 */
const isMalformedForm = (error: unknown) =>
  error instanceof Error &&
  !(error instanceof AppError) &&
  (error as { code?: unknown }).code === undefined &&
  (error as { statusCode?: unknown }).statusCode === undefined;

/**
 * Reads a multipart form of text fields and at most one `file` (@fastify/multipart caps the file at
 * limits.imageMaxBytes). A file over the cap answers 413 and is never kept: `toBuffer()` throws on a
 * truncated stream, and `truncated` is checked as well in case that behaviour is turned off.
 */
export async function readUploadForm(request: FastifyRequest): Promise<UploadForm> {
  const fields: Record<string, string | string[]> = {};
  let file: Buffer | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (part.file.truncated) {
          throw imageTooLarge();
        }
        if (part.fieldname === 'file') {
          file = bytes;
        }
        continue;
      }
      if (part.valueTruncated) {
        // A text field over the multipart field size: refused whole, never stored cut.
        throw tooLarge();
      }
      const value = typeof part.value === 'string' ? part.value : JSON.stringify(part.value);
      const previous = fields[part.fieldname];
      if (previous === undefined) {
        fields[part.fieldname] = value;
      } else {
        fields[part.fieldname] = [...(Array.isArray(previous) ? previous : [previous]), value];
      }
    }
  } catch (error) {
    if (isFileTooLarge(error)) {
      throw imageTooLarge();
    }
    if (isMalformedForm(error)) {
      throw new AppError('VALIDATION_ERROR', messages.validation);
    }
    throw error;
  }
  return { fields, file };
}

/** The body of a route that takes JSON or a multipart form with an optional `file`. */
export async function readJsonOrUploadForm(
  request: FastifyRequest,
): Promise<{ body: unknown; file: Buffer | undefined }> {
  if (request.isMultipart()) {
    const { fields, file } = await readUploadForm(request);
    return { body: fields, file };
  }
  return { body: request.body ?? {}, file: undefined };
}
