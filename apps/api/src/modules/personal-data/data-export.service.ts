import type { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { DATA_EXPORT_INTERVAL_MS, dataExportFilename, dataExportMessages } from '@fics/contracts';
import type { Db } from '../../db/client';
import { forbidden, notFound, rateLimited } from '../../lib/errors';
import { rowsOf, type ExportContext, type PersonalDataDeclaration } from '../../lib/personal-data';
import { zipStream, type ZipEntry } from '../../lib/zip-stream';
import type { Actor } from '../../plugins/auth';
import { emitEvent } from '../events';
import { readmeText } from './readme';
import { personalDataRegister } from './register';

/** datos.json is handed to the deflater in pieces of about this many characters. */
const JSON_PIECE_CHARS = 64 * 1024;

export interface DataExport {
  filename: string;
  stream: Readable;
}

/**
 * GET /me/data-export and GET /users/:id/data-export (issue 22.2): records the export and answers
 * its ZIP as a stream, produced while it downloads.
 *
 * Who: the person themselves, or an administrator for anyone (the route lets only administrators
 * ask for another id; checked here too). The person's own export is allowed once an hour: under
 * the person's users row lock, a conditional INSERT writes the record only when none of their own
 * exports is younger than an hour, so parallel requests produce one and the rest get 429 with
 * Retry-After. An administrator's export is recorded (who asked, for whom, when) but neither
 * limited by nor counted in the person's hour: a request under the law may need it now, and the
 * record shows every one (docs/decisions/privacy.md).
 *
 * Everything is decided before the first byte, so a refusal is the usual JSON error. The rows are
 * read afterwards, page by page, as the client downloads (no transaction spans the download).
 */
export async function startDataExport(options: {
  db: Db;
  actor: Actor;
  userId: string;
  publicUrl: string;
  register?: readonly PersonalDataDeclaration[];
}): Promise<DataExport> {
  const { db, actor, userId } = options;
  const own = actor.userId === userId;
  if (!own && actor.role !== 'ADMIN') {
    throw forbidden(dataExportMessages.forbidden);
  }
  const person = await db.transaction(async (tx) => {
    const [found] = await rowsOf<{ name: string }>(
      tx,
      sql`select name from users where id = ${userId} for no key update`,
    );
    if (!found) {
      throw notFound(dataExportMessages.userNotFound);
    }
    const limitSql = own
      ? sql`where not exists (
          select 1 from data_exports
          where user_id = ${userId} and requested_by = ${userId}
            and created_at > now() - ${`${DATA_EXPORT_INTERVAL_MS} milliseconds`}::interval)`
      : sql``;
    const [recorded] = await rowsOf<{ created_at: unknown }>(
      tx,
      sql`insert into data_exports (user_id, requested_by)
          select ${userId}::uuid, ${actor.userId}::uuid ${limitSql}
          returning created_at`,
    );
    if (!recorded) {
      const [latest] = await rowsOf<{ wait: number }>(
        tx,
        sql`select ceil(extract(epoch from (max(created_at) + ${`${DATA_EXPORT_INTERVAL_MS} milliseconds`}::interval - now())))::int as wait
            from data_exports where user_id = ${userId} and requested_by = ${userId}`,
      );
      const seconds = Math.max(1, Number(latest?.wait ?? 1));
      throw rateLimited(seconds, dataExportMessages.rateLimited(Math.ceil(seconds / 60)));
    }
    await emitEvent(tx, {
      type: 'user.data_exported',
      actor: { userId: actor.userId, role: actor.role },
      payload: { userId, requestedBy: actor.userId },
    });
    return found;
  });
  const producedAt = new Date();
  const register = options.register ?? personalDataRegister;
  const context: ExportContext = { db, userId };
  return {
    filename: dataExportFilename(producedAt.toISOString().slice(0, 10)),
    stream: zipStream(
      exportEntries({ register, context, name: person.name, producedAt, publicUrl: options.publicUrl }),
    ),
  };
}

/** The ZIP's entries in order: LEEME.txt, datos.json, then each module's files. */
async function* exportEntries(options: {
  register: readonly PersonalDataDeclaration[];
  context: ExportContext;
  name: string;
  producedAt: Date;
  publicUrl: string;
}): AsyncGenerator<ZipEntry> {
  const { register, context } = options;
  const sections = register.flatMap((declaration) => declaration.sections(context));
  const files = register.flatMap((declaration) => declaration.files?.(context) ?? []);
  yield {
    path: 'LEEME.txt',
    content: readmeText({ ...options, sections, files }),
  };
  yield { path: 'datos.json', content: datosJson(sections, options.producedAt) };
  for (const group of files) {
    for await (const file of group.files()) {
      yield { path: file.path, content: file.data, stored: file.stored };
    }
  }
}

/**
 * datos.json written piecewise: one object whose keys are the sections, each an array of its rows,
 * every row stringified on its own as it is read, the text handed on in pieces of ~64 kB.
 */
async function* datosJson(
  sections: readonly { key: string; rows: () => AsyncIterable<Record<string, unknown>> }[],
  producedAt: Date,
): AsyncGenerator<string> {
  let buffer = `{\n  "generado": ${JSON.stringify(producedAt.toISOString())}`;
  for (const section of sections) {
    buffer += `,\n  ${JSON.stringify(section.key)}: [`;
    let first = true;
    for await (const row of section.rows()) {
      buffer += `${first ? '' : ','}\n    ${JSON.stringify(row)}`;
      first = false;
      if (buffer.length >= JSON_PIECE_CHARS) {
        yield buffer;
        buffer = '';
      }
    }
    buffer += first ? ']' : '\n  ]';
  }
  yield `${buffer}\n}\n`;
}
