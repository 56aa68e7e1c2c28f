import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import {
  cellField,
  defaultRubricGrid,
  type Evaluation,
  type ReviewStoryRow,
  type Paged,
  type Story,
  type StoryStatus,
} from '@fics/contracts';
import { stories } from '../../db/schema';
import { multipartBody } from '../../test/multipart';
import { insertCollege, insertGrade, member } from '../users/users.fixtures';

/** Test data for the fic endpoints. */

let coverCache: Buffer | undefined;

/** A small photo-like JPEG (noise, so its encodings have realistic sizes). */
export async function coverImage(): Promise<Buffer> {
  if (!coverCache) {
    const width = 240;
    const height = 180;
    const pixels = Buffer.alloc(width * height * 3);
    for (let i = 0; i < pixels.length; i += 1) {
      pixels[i] = (i * 7919) % 251;
    }
    coverCache = await sharp(pixels, { raw: { width, height, channels: 3 } })
      .jpeg()
      .toBuffer();
  }
  return coverCache;
}

export const storyText = '<p>Había una vez un <strong>pingüino</strong> que quería volar.</p>';

/** The fields of a valid fic form, as the spec's client sends them (multipart strings). */
export function storyFields(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    title: 'El pingüino volador',
    text: storyText,
    anonymity: 'false',
    nickname: 'false',
    tags: JSON.stringify(['Aventura', 'animales']),
    writingTime: '120',
    location: 'Valparaíso',
    locationURL: 'https://www.openstreetmap.org/?mlat=-33.04&mlon=-71.61#map=16/-33.04/-71.61',
    ...overrides,
  };
}

/**
 * Two schools: A (grades A1 and A2) and B (B1). The author and a classmate in A1, a student of A2
 * and one of B1, two teachers of A1, a teacher of A2 only, a teacher of B1, an administrator.
 */
export async function storyWorld(app: FastifyInstance) {
  const collegeA = await insertCollege(app, 'Escuela Arrayán');
  const collegeB = await insertCollege(app, 'Liceo Bosque');
  const gradeA1 = await insertGrade(app, collegeA, { level: 'Primero', cicle: 'Básico', name: 'A' });
  const gradeA2 = await insertGrade(app, collegeA, { level: 'Segundo', cicle: 'Básico', name: 'B' });
  const gradeB1 = await insertGrade(app, collegeB, { level: 'Primero', cicle: 'Medio', name: 'C' });
  return {
    collegeA,
    collegeB,
    gradeA1,
    gradeA2,
    gradeB1,
    author: await member(app, 'STUDENT', [gradeA1], { name: 'Sofía Escobar Ruiz' }),
    classmate: await member(app, 'STUDENT', [gradeA1], { name: 'Pedro Pérez' }),
    otherGradeStudent: await member(app, 'STUDENT', [gradeA2], { name: 'Zoe Zúñiga' }),
    otherSchoolStudent: await member(app, 'STUDENT', [gradeB1], { name: 'Bruno Bosque' }),
    teacher: await member(app, 'TEACHER', [gradeA1], { name: 'Tomás Docente' }),
    /** A second teacher of A1 (not the evaluator of the fics `teacher` evaluates). */
    colleague: await member(app, 'TEACHER', [gradeA1], { name: 'Carla Colega' }),
    otherGradeTeacher: await member(app, 'TEACHER', [gradeA2], { name: 'Tania Docente' }),
    otherSchoolTeacher: await member(app, 'TEACHER', [gradeB1], { name: 'Berta Docente' }),
    admin: await member(app, 'ADMIN', [], { name: 'Ana Administradora' }),
  };
}

/** POST /stories as `headers`; `draft` saves a draft, otherwise the fic is sent. */
export async function postStory(
  app: FastifyInstance,
  headers: Record<string, string>,
  options: { fields?: Record<string, string>; draft?: boolean; file?: Buffer | null } = {},
) {
  const fields = storyFields(options.fields);
  if (options.draft ?? true) {
    fields.draft = 'true';
    fields.publicationStatus = 'EDITING';
  }
  const file = options.file === null ? undefined : { content: options.file ?? (await coverImage()) };
  const body = multipartBody(fields, file);
  return app.inject({
    method: 'POST',
    url: '/api/v1/stories',
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
}

/** Creates a fic and returns it (fails the test if the API refuses). */
export async function createStory(
  app: FastifyInstance,
  headers: Record<string, string>,
  options: Parameters<typeof postStory>[2] = {},
): Promise<Story> {
  const res = await postStory(app, headers, options);
  if (res.statusCode !== 201) {
    throw new Error(`POST /stories answered ${res.statusCode}: ${res.body}`);
  }
  return res.json<{ story: Story }>().story;
}

/** PATCH /stories/:id as a multipart edit. */
export async function editStory(
  app: FastifyInstance,
  headers: Record<string, string>,
  storyId: string,
  fields: Record<string, string>,
  file?: Buffer,
) {
  const body = multipartBody(fields, file ? { content: file } : undefined);
  return app.inject({
    method: 'PATCH',
    url: `/api/v1/stories/${storyId}`,
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
}

export function sendStory(app: FastifyInstance, headers: Record<string, string>, storyId: string) {
  return app.inject({
    method: 'PATCH',
    url: `/api/v1/stories/${storyId}`,
    headers,
    payload: { draft: false, publicationStatus: 'REVIEWING' },
  });
}

/**
 * Moves a fic to a status directly, without an evaluation or a notification, for visibility and
 * rule tests that need neither (the API's own path: `evaluate` and `publish` below).
 */
export async function setStatus(app: FastifyInstance, storyId: string, status: StoryStatus): Promise<void> {
  await app.db
    .update(stories)
    .set({ status, publishedAt: status === 'PUBLISHED' ? new Date() : null })
    .where(eq(stories.id, storyId));
}

/**
 * An evaluation grid on the default rubric's columns (Criterio, Logrado 3, Medianamente logrado 2,
 * Por lograr 1): one row per entry, with that column's cell checked (null: none).
 */
export function evaluationGrid(checks: (string | null)[] = ['1', '2']) {
  const { columns } = defaultRubricGrid();
  const items = checks.map((checkedKey, row) =>
    Object.fromEntries(
      columns.map((column) => [
        cellField(column.key),
        { value: `${column.name} ${row + 1}`, checked: column.key === checkedKey },
      ]),
    ),
  );
  return { columns, items };
}

/** POST /evaluations for the fic, with the default grid (score 5 of 6) unless `body` says otherwise. */
export function postEvaluation(
  app: FastifyInstance,
  headers: Record<string, string>,
  storyId: string,
  body: Record<string, unknown> = {},
) {
  return app.inject({
    method: 'POST',
    url: '/api/v1/evaluations',
    headers,
    payload: { storyId, ...evaluationGrid(), comment: 'Muy buen trabajo', ...body },
  });
}

/** Evaluates the fic and returns the evaluation (fails the test if the API refuses). */
export async function evaluate(
  app: FastifyInstance,
  headers: Record<string, string>,
  storyId: string,
  body: Record<string, unknown> = {},
): Promise<Evaluation> {
  const res = await postEvaluation(app, headers, storyId, body);
  if (res.statusCode !== 201) {
    throw new Error(`POST /evaluations answered ${res.statusCode}: ${res.body}`);
  }
  return res.json<{ evaluation: Evaluation }>().evaluation;
}

export function patchEvaluation(
  app: FastifyInstance,
  headers: Record<string, string>,
  evaluationId: string,
  payload: Record<string, unknown>,
) {
  return app.inject({ method: 'PATCH', url: `/api/v1/evaluations/${evaluationId}`, headers, payload });
}

/** PATCH /stories/:id { publicationStatus: 'PUBLISHED' }. */
export function publish(app: FastifyInstance, headers: Record<string, string>, storyId: string) {
  return app.inject({
    method: 'PATCH',
    url: `/api/v1/stories/${storyId}`,
    headers,
    payload: { publicationStatus: 'PUBLISHED' },
  });
}

/** A fic sent by `author` and evaluated by `teacher` (who becomes its evaluator). */
export async function evaluatedStory(
  app: FastifyInstance,
  people: { author: { headers: Record<string, string> }; teacher: { headers: Record<string, string> } },
  options: Parameters<typeof postStory>[2] = {},
): Promise<{ story: Story; evaluation: Evaluation }> {
  const story = await createStory(app, people.author.headers, { ...options, draft: false });
  const evaluation = await evaluate(app, people.teacher.headers, story._id);
  return { story, evaluation };
}

/** A fic sent, evaluated by `teacher` and published by them. */
export async function publishedStory(
  app: FastifyInstance,
  people: { author: { headers: Record<string, string> }; teacher: { headers: Record<string, string> } },
  options: Parameters<typeof postStory>[2] = {},
): Promise<{ story: Story; evaluation: Evaluation }> {
  const { story, evaluation } = await evaluatedStory(app, people, options);
  const res = await publish(app, people.teacher.headers, story._id);
  if (res.statusCode !== 200) {
    throw new Error(`publishing answered ${res.statusCode}: ${res.body}`);
  }
  return { story: res.json<{ story: Story }>().story, evaluation };
}

/** GET a review list (`review-stories` or `published-stories`) as `headers`. */
export async function reviewList(
  app: FastifyInstance,
  headers: Record<string, string>,
  list: 'review-stories' | 'published-stories',
  query = '',
) {
  const res = await app.inject({ method: 'GET', url: `/api/v1/stories/${list}${query}`, headers });
  return {
    res,
    page: res.statusCode === 200 ? res.json<{ stories: Paged<ReviewStoryRow> }>().stories : null,
  };
}
