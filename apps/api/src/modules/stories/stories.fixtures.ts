import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { Story, StoryStatus } from '@fics/contracts';
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
 * and one of B1, the teacher of A1, a teacher of A2 only, a teacher of B1, an administrator.
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
 * Moves a fic to a status the API of this issue cannot reach yet (EVALUATED, PUBLISHED: the review
 * issue's transitions), for visibility and rule tests.
 */
export async function setStatus(app: FastifyInstance, storyId: string, status: StoryStatus): Promise<void> {
  await app.db
    .update(stories)
    .set({ status, publishedAt: status === 'PUBLISHED' ? new Date() : null })
    .where(eq(stories.id, storyId));
}
