import { sql } from 'drizzle-orm';
import { storyStatusLabels, type StoryStatus } from '@fics/contracts';
import { cleanStoryHtml } from '../../lib/rich-text';
import {
  countAffected,
  fileSlug,
  htmlText,
  isoDate,
  keysetRows,
  pagedByCreation,
  rowsOf,
  type PersonalDataDeclaration,
} from '../../lib/personal-data';
import { deleteStoriesOf } from './stories.service';
import { orphanStories } from './story-orphans';

/** Fics read per query for their files: each may hold 400 kB of text and a 1 MB cover. */
const FILE_PAGE_SIZE = 4;

interface ExportedStory extends Record<string, unknown> {
  id: string;
  created_at: unknown;
  title: string;
  status: StoryStatus;
}

/** The fic's files in the ZIP: `fics/<n>-<title>.html` and its cover beside it. */
const storyFileBase = (index: number, title: string) =>
  `fics/${String(index).padStart(3, '0')}-${fileSlug(title)}`;

/** A small readable page for one fic: its title, details and text (cleaned again on the way out). */
function storyPage(story: {
  title: string;
  status: StoryStatus;
  text: string;
  created_at: unknown;
  published_at: unknown;
  cover: string | null;
}): string {
  const published = isoDate(story.published_at);
  return `<!doctype html>
<html lang="es">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${htmlText(story.title)}</title>
<style>
body { font-family: Georgia, serif; max-width: 40rem; margin: 2rem auto; padding: 0 1rem; line-height: 1.6; color: #222; }
h1 { font-family: system-ui, sans-serif; }
.datos { font-family: system-ui, sans-serif; color: #555; font-size: 0.9rem; }
img { max-width: 100%; height: auto; }
</style>
</head>
<body>
${story.cover ? `<img src="${htmlText(story.cover)}" alt="Portada de ${htmlText(story.title)}">\n` : ''}<h1>${htmlText(story.title)}</h1>
<p class="datos">Estado: ${htmlText(storyStatusLabels[story.status])} · Creado: ${isoDate(story.created_at)}${published ? ` · Publicado: ${published}` : ''}</p>
<main>
${cleanStoryHtml(story.text).html}
</main>
</body>
</html>
`;
}

/**
 * The person's fics (with their versions sent for review and their tags) and their likes (issue
 * 22.1). Erasing keeps the published fics the person chose as 'Anónimo' (story-orphans.ts) and
 * deletes the rest (other people's comments, likes, notes and evaluations of them go with each fic),
 * and the person's likes of others' fics.
 */
export const storiesPersonalData: PersonalDataDeclaration = {
  module: 'stories',
  order: 30,
  tables: [
    {
      table: 'stories',
      columns: [
        'author_id',
        'title',
        'text',
        'nickname_value',
        'location',
        'location_lat',
        'location_lon',
        'writing_time',
        'personal',
      ],
      purpose:
        'Tus fics: título, texto, seudónimo, lugar (aproximado a 1 km) y tiempo de escritura, para que los escribas, tus docentes los revisen y, si se publican, otros los lean.',
      retention: 'Mientras exista la cuenta; al borrarla, se borran.',
    },
    {
      table: 'story_revisions',
      columns: ['story_id', 'title', 'text'],
      purpose: 'Lo que decía cada fic cada vez que lo enviaste a revisión, para que tu docente compare.',
      retention: 'Lo mismo que su fic.',
    },
    {
      table: 'story_tags',
      columns: ['story_id', 'tag_id'],
      purpose: 'Las etiquetas de tus fics.',
      retention: 'Lo mismo que su fic.',
    },
    {
      table: 'story_likes',
      columns: ['user_id', 'story_id', 'created_at'],
      purpose: 'Los fics que te gustaron, para mostrarte tu "me gusta" y contarlos.',
      retention: 'Mientras exista la cuenta, o hasta que lo quites.',
    },
  ],
  sections: ({ db, userId }) => [
    {
      key: 'fics',
      description:
        'Tus fics: título, estado, fechas, etiquetas, seudónimo, lugar, palabras, tiempo de escritura y el archivo HTML con su texto.',
      async *rows() {
        let index = 0;
        const rows = pagedByCreation<ExportedStory>(
          db,
          (
            after,
            limit,
          ) => sql`select s.id, s.title, s.status, s.created_at, s.updated_at, s.sent_at, s.published_at,
              s.anonymity, s.nickname_value, s.location, s.location_lat, s.location_lon, s.word_count,
              s.writing_time, s.rounds, s.personal, s.likes_count, s.comments_count,
              c.name as college, g.level, g.cicle, g.name as grade,
              coalesce((select json_agg(t.name order by st.position) from story_tags st join tags t on t.id = st.tag_id
                where st.story_id = s.id), '[]'::json) as tags
            from stories s join colleges c on c.id = s.college_id join grades g on g.id = s.grade_id
            where s.author_id = ${userId}
            ${after ? sql`and (s.created_at, s.id) > (${after.createdAt}::timestamptz, ${after.id}::uuid)` : sql``}
            order by s.created_at, s.id limit ${limit}`,
        );
        for await (const row of rows) {
          index += 1;
          const base = storyFileBase(index, row.title);
          yield {
            id: row.id,
            titulo: row.title,
            estado: storyStatusLabels[row.status],
            establecimiento: row.college,
            curso: `${String(row.level)} ${String(row.cicle)} ${String(row.grade)}`,
            etiquetas: row.tags,
            anonimo: row.anonymity,
            seudonimo: row.nickname_value,
            lugar: row.location,
            latitud: row.location_lat === null ? null : Number(row.location_lat),
            longitud: row.location_lon === null ? null : Number(row.location_lon),
            palabras: row.word_count,
            segundos_escribiendo: row.writing_time,
            veces_enviado: row.rounds,
            contiene_informacion_personal: row.personal,
            me_gusta_recibidos: row.likes_count,
            comentarios_recibidos: row.comments_count,
            creado: isoDate(row.created_at),
            actualizado: isoDate(row.updated_at),
            enviado: isoDate(row.sent_at),
            publicado: isoDate(row.published_at),
            archivo: `${base}.html`,
            portada: `${base}-portada.png`,
          };
        }
      },
    },
    {
      key: 'versiones_enviadas',
      description: 'Lo que decía cada fic cada vez que lo enviaste a revisión (título, texto HTML y ronda).',
      async *rows() {
        const rows = pagedByCreation<Record<string, unknown> & { id: string; created_at: unknown }>(
          db,
          (
            after,
            limit,
          ) => sql`select r.id, r.created_at, r.story_id, r.round, r.title, r.text, r.writing_time
            from story_revisions r join stories s on s.id = r.story_id
            where s.author_id = ${userId}
            ${after ? sql`and (r.created_at, r.id) > (${after.createdAt}::timestamptz, ${after.id}::uuid)` : sql``}
            order by r.created_at, r.id limit ${limit}`,
        );
        for await (const row of rows) {
          yield {
            fic_id: row.story_id,
            ronda: row.round,
            titulo: row.title,
            texto_html: cleanStoryHtml(String(row.text)).html,
            segundos_escribiendo: row.writing_time,
            enviado: isoDate(row.created_at),
          };
        }
      },
    },
    {
      key: 'me_gusta',
      description: 'Los fics a los que diste "me gusta", con su título y la fecha.',
      async *rows() {
        const rows = keysetRows<
          { story_id: string; title: string; created_at: unknown },
          { createdAt: string; id: string }
        >({
          page: (after, limit) =>
            rowsOf(
              db,
              sql`select l.story_id, s.title, l.created_at from story_likes l join stories s on s.id = l.story_id
                where l.user_id = ${userId}
                ${after ? sql`and (l.created_at, l.story_id) > (${after.createdAt}::timestamptz, ${after.id}::uuid)` : sql``}
                order by l.created_at, l.story_id limit ${limit}`,
            ),
          cursorOf: (row) => ({ createdAt: isoDate(row.created_at)!, id: row.story_id }),
        });
        for await (const row of rows) {
          yield { fic_id: row.story_id, fic: row.title, fecha: isoDate(row.created_at) };
        }
      },
    },
  ],
  files: ({ db, userId }) => [
    {
      pattern: 'fics/NNN-titulo.html y fics/NNN-titulo-portada.png',
      description:
        'Cada uno de tus fics como página web (ábrela con tu navegador), con su portada al lado. El número sigue el orden de "fics" en datos.json.',
      async *files() {
        let index = 0;
        // One fic (text up to 400 kB and its cover up to 1 MB) in memory at a time.
        const rows = pagedByCreation<
          ExportedStory & { text: string; published_at: unknown; cover: Buffer | Uint8Array | null }
        >(
          db,
          (
            after,
            limit,
          ) => sql`select s.id, s.title, s.status, s.text, s.created_at, s.published_at, m.bytes as cover
            from stories s left join media m on m.id = s.cover_id
            where s.author_id = ${userId}
            ${after ? sql`and (s.created_at, s.id) > (${after.createdAt}::timestamptz, ${after.id}::uuid)` : sql``}
            order by s.created_at, s.id limit ${limit}`,
          FILE_PAGE_SIZE,
        );
        for await (const row of rows) {
          index += 1;
          const base = storyFileBase(index, row.title);
          const coverName = row.cover ? `${base.slice('fics/'.length)}-portada.png` : null;
          yield { path: `${base}.html`, data: storyPage({ ...row, cover: coverName }) };
          if (row.cover) {
            yield { path: `${base}-portada.png`, data: new Uint8Array(row.cover), stored: true };
          }
        }
      },
    },
  ],
  erase: async ({ tx, userId, choices }) => {
    const likes = await countAffected(tx, sql`delete from story_likes where user_id = ${userId}`);
    // The published fics the person keeps as 'Anónimo' lose their author first (issue 22.4).
    const kept = await orphanStories({ tx, authorId: userId, storyIds: choices.keepStoryIds });
    const [counted] = await rowsOf<{ n: number }>(
      tx,
      sql`select count(*)::int as n from stories where author_id = ${userId}`,
    );
    // The fics' own rows (revisions, tags, others' comments and likes of them) go with each fic;
    // their covers with them, and `story.deleted` is announced for each (the gallery's cache).
    await deleteStoriesOf({ db: tx, authorId: userId, actor: null });
    return { story_likes: likes, stories: Number(counted?.n ?? 0) + kept };
  },
};
