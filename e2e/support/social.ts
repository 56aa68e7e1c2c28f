import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { pngImage } from './images';
import type { Mailbox } from './mailbox';
import {
  activateAccount,
  apiSession,
  createSchoolWithGrade,
  createUser,
  testPassword,
  uniqueTag,
  type ApiSession,
  type SchoolSetup,
} from './setup';

/**
 * Helpers of the social and gallery specs (issue 9): a class (school, grade, teacher, students) and
 * published fics made through the API, so each test has its own data and depends on no other.
 */

export interface Account {
  _id: string;
  name: string;
  email: string;
  password: string;
}

export interface ClassWorld {
  school: SchoolSetup;
  teacher: Account;
  students: Account[];
}

/** A new school and grade with an activated teacher of that grade and activated students in it. */
export async function newClass(
  request: APIRequestContext,
  mailbox: Mailbox,
  admin: ApiSession,
  names: { school?: string; teacher: string; students: string[] },
): Promise<ClassWorld> {
  const tag = uniqueTag();
  const school = await createSchoolWithGrade(admin, { name: `${names.school ?? 'Escuela Social'} ${tag}` });
  const make = async (name: string, role: 'TEACHER' | 'STUDENT', index: number): Promise<Account> => {
    const email = `${role === 'TEACHER' ? 'docente' : 'estudiante'}-social-${tag}-${index}@fics.test`;
    const _id = await createUser(admin, { name, email, role, school });
    const password = testPassword(tag);
    await activateAccount(request, mailbox, email, password);
    return { _id, name, email, password };
  };
  const teacher = await make(names.teacher, 'TEACHER', 0);
  const students: Account[] = [];
  for (const [index, name] of names.students.entries()) {
    students.push(await make(name, 'STUDENT', index + 1));
  }
  return { school, teacher, students };
}

const cover = { name: 'portada.png', mimeType: 'image/png', buffer: pngImage(480, 320) };

/**
 * A fic written by `author` (a student of `world`), sent for review, evaluated and published by the
 * class's teacher, all through the API. Returns its id.
 */
export async function publishedStory(
  request: APIRequestContext,
  world: ClassWorld,
  author: Account,
  fields: { title: string; text: string; tags?: string[]; anonymity?: boolean },
): Promise<string> {
  const storyId = await sentStory(request, author, fields);
  const teacher = await apiSession(request, world.teacher.email, world.teacher.password);
  await evaluateThroughApi(teacher, storyId, 'Lista para publicar.');
  await teacher.call('PATCH', `/stories/${storyId}`, { publicationStatus: 'PUBLISHED' });
  return storyId;
}

/** A fic written by `author` (a student) and sent for review at once, through the API; returns its id. */
export async function sentStory(
  request: APIRequestContext,
  author: Account,
  fields: { title: string; text: string; tags?: string[]; anonymity?: boolean },
): Promise<string> {
  const login = await request.post('/api/v1/auth/login', {
    data: { email: author.email, password: author.password },
  });
  expect(login.status(), await login.text()).toBe(200);
  const { accessToken } = (await login.json()) as { accessToken: string };
  const res = await request.post('/api/v1/stories', {
    headers: { authorization: `Bearer ${accessToken}` },
    multipart: {
      title: fields.title,
      text: fields.text,
      tags: JSON.stringify(fields.tags ?? []),
      anonymity: fields.anonymity ? 'true' : 'false',
      nickname: 'false',
      writingTime: '90',
      location: 'Valparaíso',
      file: cover,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const { story } = (await res.json()) as { story: { _id: string; publicationStatus: string } };
  expect(story.publicationStatus).toBe('REVIEWING');
  return story._id;
}

/** A comment by `account` on a published fic, through the API; returns its id. */
/** A teacher's evaluation of one rubric row, 'Sin faltas' checked (3 points), through the API. */
export async function evaluateThroughApi(
  teacher: ApiSession,
  storyId: string,
  comment: string,
): Promise<void> {
  await teacher.call('POST', '/evaluations', {
    storyId,
    columns: [
      { key: '0', name: 'Criterio', pointValue: 0 },
      { key: '1', name: 'Logrado', pointValue: 3 },
      { key: '2', name: 'Por lograr', pointValue: 1 },
    ],
    items: [
      {
        col0: { value: 'Ortografía', checked: false },
        col1: { value: 'Sin faltas', checked: true },
        col2: { value: 'Muchas faltas', checked: false },
      },
    ],
    comment,
  });
}

export async function commentThroughApi(session: ApiSession, storyId: string, text: string): Promise<string> {
  const { comment } = await session.call<{ comment: { _id: string } }>(
    'POST',
    '/comments',
    { storyId, text },
    201,
  );
  return comment._id;
}

/**
 * Waits until the app has taken over the page. On `/` the server paints the header and the first
 * cards as plain HTML (classes `fx-*`, modules/web-shell) before the JavaScript runs; its buttons do
 * nothing until React replaces them, so a test clicks only once they are gone.
 */
export async function waitForApp(page: Page): Promise<void> {
  await expect(page.locator('#root .fx-app')).toHaveCount(0, { timeout: 30_000 });
  await expect(page.getByRole('banner')).toBeVisible();
}

/** The like toggle under a published fic ('♥ 12', read as '12 me gusta'). */
export const likeButton = (page: Page) =>
  page.getByRole('group', { name: 'Reacciones y compartir' }).getByRole('button', { name: /me gusta$/ });

/** The comments section of a fic ('Comentarios (n)'). */
export const commentsSection = (page: Page) => page.getByRole('region', { name: /^Comentarios \(\d+\)$/ });
