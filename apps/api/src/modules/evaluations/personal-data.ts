import { sql } from 'drizzle-orm';
import {
  countAffected,
  isoDate,
  pagedByCreation,
  type PersonalDataDeclaration,
} from '../../lib/personal-data';

type Row = Record<string, unknown> & { id: string; created_at: unknown };

/**
 * Evaluations (issue 22.1): those the person's fics received (the grid, the score, the teacher's
 * comments) and, for a teacher, that they gave. Erasing a teacher leaves their evaluations without
 * an evaluator (teacher_id null: the student's grade stays); a student's go with their fics.
 */
export const evaluationsPersonalData: PersonalDataDeclaration = {
  module: 'evaluations',
  order: 10,
  tables: [
    {
      table: 'evaluations',
      columns: ['teacher_id', 'story_id', 'items', 'comment', 'criterion_comments', 'score'],
      purpose:
        'Las evaluaciones de tus fics (rúbrica, puntaje y comentarios de tu docente), o las que diste como docente.',
      retention: 'Lo mismo que su fic.',
    },
  ],
  sections: ({ db, userId }) => [
    {
      key: 'evaluaciones_recibidas',
      description:
        'Las evaluaciones de tus fics: la rúbrica marcada, el puntaje, los comentarios y quién evaluó.',
      async *rows() {
        const rows = pagedByCreation<Row>(
          db,
          (
            after,
            limit,
          ) => sql`select e.id, e.created_at, e.updated_at, e.story_id, s.title, e.columns, e.items,
              e.comment, e.criterion_comments, e.score, e.max_score, e.round, t.name as teacher
            from evaluations e join stories s on s.id = e.story_id left join users t on t.id = e.teacher_id
            where s.author_id = ${userId}
            ${after ? sql`and (e.created_at, e.id) > (${after.createdAt}::timestamptz, ${after.id}::uuid)` : sql``}
            order by e.created_at, e.id limit ${limit}`,
        );
        for await (const row of rows) {
          yield {
            fic_id: row.story_id,
            fic: row.title,
            docente: row.teacher,
            puntaje: row.score,
            puntaje_maximo: row.max_score,
            comentario: row.comment,
            comentarios_por_criterio: row.criterion_comments,
            rubrica: { columnas: row.columns, filas: row.items },
            ronda: row.round,
            creada: isoDate(row.created_at),
            actualizada: isoDate(row.updated_at),
          };
        }
      },
    },
    {
      key: 'evaluaciones_dadas',
      description: 'Si eres docente: las evaluaciones que diste, con el fic, el puntaje y tu comentario.',
      async *rows() {
        const rows = pagedByCreation<Row>(
          db,
          (
            after,
            limit,
          ) => sql`select e.id, e.created_at, e.story_id, s.title, e.comment, e.score, e.max_score
            from evaluations e join stories s on s.id = e.story_id
            where e.teacher_id = ${userId}
            ${after ? sql`and (e.created_at, e.id) > (${after.createdAt}::timestamptz, ${after.id}::uuid)` : sql``}
            order by e.created_at, e.id limit ${limit}`,
        );
        for await (const row of rows) {
          yield {
            fic_id: row.story_id,
            fic: row.title,
            puntaje: row.score,
            puntaje_maximo: row.max_score,
            comentario: row.comment,
            fecha: isoDate(row.created_at),
          };
        }
      },
    },
  ],
  erase: async ({ tx, userId }) => ({
    evaluations: await countAffected(
      tx,
      sql`update evaluations set teacher_id = null where teacher_id = ${userId}`,
    ),
  }),
};
