import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { strFromU8, unzipSync } from 'fflate';
import sharp from 'sharp';
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import type { Comment, Story, User } from '@fics/contracts';
import { dataExports, mailOutbox, users } from '../../db/schema';
import { authHeader, buildTestApp, type TestApp } from '../../test/helpers';
import { addComment, addReply, forgetCommentLimits } from '../comments/comments.fixtures';
import { createStory, evaluatedStory, publishedStory, storyWorld } from '../stories/stories.fixtures';
import { member, multipartBody, roleIdOf } from '../users/users.fixtures';

/**
 * Issue 22.4: after an erasure, no answer of the API, no export and no page the server paints holds
 * the person's name, e-mail or photo. A student with a bit of everything is seeded once through the
 * real endpoints; then every GET route the app has (read from the app itself: the OpenAPI document
 * for the API, the router for the pages the document hides) is called with every id seeded, as a
 * visitor, a classmate, the teacher who evaluated them, another school's teacher and an
 * administrator, and every answer (ZIP and spreadsheet files unpacked) is searched. The same sweep
 * first runs before the erasure and must find them: it can fail.
 */

type Headers = Record<string, string>;

/** As Vite writes it: the markers the server fills (web-shell/html.ts). */
const INDEX_HTML = `<!doctype html>
<html lang="es">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="Fics" />
    <title>Fics</title>
    <script type="module" crossorigin src="/assets/index-abc123.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

const year = new Date().getFullYear();
const PERSON = {
  name: 'Zacarías Quintanilla Ureta',
  email: 'zacarias.quintanilla.ureta@correo-unico.cl',
};
/** The pseudonym one of their kept fics was signed with. */
const PSEUDONYM = 'Zeta Veloz';
/** The second person, erased with their comments' texts removed. */
const SECOND = {
  name: 'Yolanda Yáñez Irarrázaval',
  email: 'yolanda.yanez.irarrazaval@correo-unico.cl',
  comment: 'Texto irrepetible de la segunda persona',
};

/** What must not be found: each term with what it is, for the failure message. */
interface Term {
  what: string;
  text: string;
}

function termsOf(person: { name: string; email: string }, extra: Term[] = []): Term[] {
  const [first = '', surname = ''] = person.name.split(' ');
  return [
    { what: 'full name', text: person.name },
    { what: 'first name', text: first },
    { what: 'surname', text: surname },
    // How visitors see a student (contracts' publicStudentName): 'Zacarías Q.'.
    { what: 'short name', text: `${first} ${surname.charAt(0)}.` },
    { what: 'e-mail', text: person.email },
    { what: 'e-mail local part', text: person.email.split('@')[0]! },
    ...extra,
  ];
}

const entities: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  aacute: 'á',
  eacute: 'é',
  iacute: 'í',
  oacute: 'ó',
  uacute: 'ú',
  ntilde: 'ñ',
};

/**
 * A text as a reader would see it: JSON \u escapes, HTML entities and percent-encoding undone, Unicode
 * normalised and lower-cased, so a name written as `Zacar\u00edas`, `Zacar&#237;as` or `Zacar%C3%ADas`
 * is found too.
 */
function readable(text: string): string {
  const decoded = text
    .replace(/\\u([0-9a-fA-F]{4})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)))
    .replace(/&#x([0-9a-fA-F]+);/g, (_m, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_m, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&([a-z]+);/g, (m, name: string) => entities[name] ?? m)
    .replace(/(?:%[0-9a-fA-F]{2})+/g, (m) => {
      try {
        return decodeURIComponent(m);
      } catch {
        return m;
      }
    });
  return `${text}\n${decoded}`.normalize('NFC').toLocaleLowerCase('es');
}

/** Where each term was found in one text. */
function found(text: string, terms: readonly Term[]): Term[] {
  const haystack = readable(text);
  return terms.filter((term) => haystack.includes(term.text.normalize('NFC').toLocaleLowerCase('es')));
}

const ZIP_TYPES = ['application/zip', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'];

/** Every text of an answer: its headers, and its body (each file of a ZIP or a spreadsheet). */
function textsOf(res: LightMyRequestResponse): { part: string; text: string }[] {
  const headers = Object.entries(res.headers)
    .map(([key, value]) => `${key}: ${String(value)}`)
    .join('\n');
  const type = String(res.headers['content-type'] ?? '')
    .split(';')[0]!
    .trim();
  const parts = [{ part: 'headers', text: headers }];
  if (ZIP_TYPES.includes(type)) {
    for (const [name, bytes] of Object.entries(unzipSync(new Uint8Array(res.rawPayload)))) {
      parts.push({ part: `file ${name}`, text: `${name}\n${strFromU8(bytes)}` });
    }
  } else if (!type.startsWith('image/')) {
    parts.push({ part: 'body', text: res.body });
  }
  return parts;
}

/** Runs `tasks` a few at a time (the embedded database serves one query at a time anyway). */
async function inBatches<T>(tasks: (() => Promise<T>)[], width = 6): Promise<T[]> {
  const results: T[] = [];
  for (let i = 0; i < tasks.length; i += width) {
    results.push(...(await Promise.all(tasks.slice(i, i + width).map((task) => task()))));
  }
  return results;
}

/** A route of the app as the router lists it: `/api/v1/stories/:id/revisions/:round`. */
function routerGetPaths(printed: string): string[] {
  const stack: string[] = [];
  const paths: string[] = [];
  for (const line of printed.split('\n')) {
    const match = /^((?:[│ ] {3})*)[├└]── (\S+)(?: \(([^)]*)\))?/.exec(line);
    if (!match) {
      continue;
    }
    const depth = match[1]!.length / 4;
    stack.length = depth;
    stack.push(match[2]!);
    const methods = (match[3] ?? '').split(',').map((m) => m.trim());
    if (methods.includes('GET')) {
      paths.push(stack.join(''));
    }
  }
  return paths;
}

/** The shape of a path, whatever its parameters are called: `/api/v1/stories/:/revisions/:`. */
const shapeOf = (route: string) => route.replace(/:[\w|:]+/g, ':').replace(/\{\w+\}/g, ':');

interface OpenApiParameter {
  in: string;
  name: string;
  schema?: { enum?: string[]; maximum?: number; items?: { enum?: string[] } };
}

describe('after an erasure, no answer names the person (issue 22.4)', () => {
  let t: TestApp;
  let webDist: string;
  let w: Awaited<ReturnType<typeof storyWorld>>;
  let z: Awaited<ReturnType<typeof member>>;
  let second: Awaited<ReturnType<typeof member>>;
  let photoUrl: string;
  let kept: Story;
  let keptSigned: Story;
  let gone: Story;
  let classmateStory: Story;
  let moderatedStory: Story;
  let erasureRequestId: string;
  /** Ids to fill path parameters with, by what they name. */
  const ids = {
    users: [] as string[],
    stories: [] as string[],
    comments: [] as string[],
    colleges: [] as string[],
    grades: [] as string[],
    media: [] as string[],
    other: [] as string[],
  };
  const tokens: string[] = [];
  /** The images of the person that must stop being served. */
  const theirImages: string[] = [];

  const inject = (
    method: 'GET' | 'POST' | 'PATCH' | 'PUT',
    url: string,
    headers?: Headers,
    payload?: object,
  ) => t.app.inject({ method, url: url.startsWith('/api') ? url : `/api/v1${url}`, headers, payload });
  const ok = async (res: Promise<LightMyRequestResponse>, status = 201) => {
    const answered = await res;
    if (answered.statusCode !== status) {
      throw new Error(`${answered.statusCode}: ${answered.body}`);
    }
    return answered.json<Record<string, unknown>>();
  };
  const imagesOf = (story: Story) => [story.image.url, ...story.image.variants.map((v) => v.url)];

  beforeAll(async () => {
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'fics-sweep-'));
    fs.writeFileSync(path.join(webDist, 'index.html'), INDEX_HTML);
    t = await buildTestApp({ webDist });
    w = await storyWorld(t.app);
    // They joined through a registration request an administrator accepted (every administrator is
    // told of it by name).
    const studentRole = await roleIdOf(t.app, 'STUDENT');
    const registration = { ...PERSON, role: studentRole, collegeId: w.collegeA, gradeId: w.gradeA1 };
    await ok(
      inject('POST', '/register-requests', undefined, { ...registration, userComment: 'Soy estudiante' }),
    );
    const pending = await ok(inject('GET', '/register-requests/pendings', w.admin.headers), 200);
    const requestId = (pending.requests as { _id: string; email: string }[]).find(
      (r) => r.email === PERSON.email,
    )!._id;
    await ok(inject('PATCH', `/register-requests/${requestId}/accept`, w.admin.headers, registration), 200);
    const [account] = await t.app.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, PERSON.email));
    // Under 14 (issue 22.5): their work leaves the school only with their guardian's consent, given below.
    await t.app.db
      .update(users)
      .set({ birthYear: year - 12 })
      .where(eq(users.id, account!.id));
    const user = { id: account!.id, ...PERSON, role: 'STUDENT' as const, password: null };
    z = { ...user, headers: await authHeader(t.app, user) };
    second = await member(t.app, 'STUDENT', [w.gradeA1], { name: SECOND.name, email: SECOND.email });
    await forgetCommentLimits(t.app, [z, second, w.classmate, w.teacher]);

    // The guardian's consent, through the e-mailed link.
    await ok(
      inject('POST', `/users/${z.id}/guardian-consent`, w.teacher.headers, {
        guardianEmail: 'apoderada.de.zq@correo.test',
      }),
      200,
    );
    const [mail] = await t.app.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, 'apoderada.de.zq@correo.test'), eq(mailOutbox.kind, 'guardian-consent')));
    const token = /\/consentimiento\/([A-Za-z0-9_-]{43})/.exec(mail!.text)![1]!;
    tokens.push(token);
    await ok(inject('POST', `/guardian-consents/${token}`, undefined, { decision: 'ACCEPT' }), 200);

    // A profile photo and a bio, through the real endpoint.
    const photo = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#3A7D44' } })
      .jpeg()
      .toBuffer();
    const upload = multipartBody(
      { bio: 'Me gustan los trenes' },
      { content: photo, filename: 'yo.jpg', contentType: 'image/jpeg' },
    );
    const profile = await ok(
      inject('PATCH', `/users/${z.id}/profile`, { ...z.headers, ...upload.headers }, upload.payload),
      200,
    );
    photoUrl = (profile.user as User).profilePicture!.url;
    theirImages.push(photoUrl);

    // Their fics: two published (one kept as Anónimo, one deleted), a draft, one evaluated with a
    // note (and their answer to it), one just sent.
    const people = { author: z, teacher: w.teacher };
    kept = (
      await publishedStory(t.app, people, {
        fields: { title: 'La cometa de mayo', text: '<p>Una cometa roja subía sobre el cerro.</p>' },
      })
    ).story;
    gone = (
      await publishedStory(t.app, people, {
        fields: { title: 'El tren de las nubes', text: '<p>El tren cruzaba las nubes sin parar.</p>' },
      })
    ).story;
    theirImages.push(...imagesOf(gone));
    // Signed with a pseudonym: kept too, without it.
    keptSigned = (
      await publishedStory(t.app, people, {
        fields: { title: 'El zorro de la quebrada', nickname: 'true', nicknameValue: PSEUDONYM },
      })
    ).story;
    const draft = await createStory(t.app, z.headers, { fields: { title: 'Borrador de los trenes' } });
    theirImages.push(...imagesOf(draft));
    const reviewed = (
      await evaluatedStory(t.app, people, {
        fields: { title: 'El viento del cerro', text: '<p>El viento soplaba fuerte sobre el cerro.</p>' },
      })
    ).story;
    const note = await ok(
      inject('POST', `/stories/${reviewed._id}/annotations`, w.teacher.headers, {
        quote: { exact: 'soplaba fuerte', prefix: 'El viento ', suffix: ' sobre el cerro.' },
        position: { start: 10, end: 24 },
        text: 'Describe mejor el viento',
      }),
    );
    const noteId = (note.annotation as { _id: string })._id;
    await ok(
      inject('POST', `/annotations/${noteId}/replies`, z.headers, { text: 'Lo voy a cambiar, profe' }),
    );
    const sent = await createStory(t.app, z.headers, {
      draft: false,
      fields: { title: 'La lluvia de abril' },
    });
    theirImages.push(...imagesOf(reviewed), ...imagesOf(sent));

    // A classmate's fic they commented on, answered and liked; the classmate comments on theirs.
    classmateStory = (
      await publishedStory(
        t.app,
        { author: w.classmate, teacher: w.teacher },
        {
          fields: { title: 'La historia de Pedro', text: '<p>Pedro cuenta su verano.</p>' },
        },
      )
    ).story;
    const theirComment = await addComment(t.app, z, classmateStory._id, '<p>Me gustó mucho tu verano</p>');
    const classmateComment = await addComment(
      t.app,
      w.classmate,
      classmateStory._id,
      '<p>Gracias a todos por leer</p>',
    );
    const theirReply = await addReply(t.app, z, classmateComment._id, '<p>De nada, escribe más</p>');
    const replyToThem = await addReply(
      t.app,
      w.classmate,
      theirComment._id,
      '<p>¡Gracias por tu comentario!</p>',
    );
    await ok(inject('POST', `/stories/${classmateStory._id}`, z.headers), 200);
    const onKept = await addComment(t.app, w.classmate, kept._id, '<p>Qué linda la cometa</p>');
    const answerOnKept = await addReply(t.app, z, onKept._id, '<p>Gracias, la hice con mi abuelo</p>');
    await ok(inject('POST', `/stories/${kept._id}`, w.classmate.headers), 200);
    // A comment held for approval on a moderated fic.
    moderatedStory = (
      await publishedStory(
        t.app,
        { author: w.classmate, teacher: w.teacher },
        {
          fields: { title: 'Cuento con comentarios moderados' },
        },
      )
    ).story;
    await ok(
      inject('PUT', `/stories/${moderatedStory._id}/comments-mode`, w.teacher.headers, { mode: 'MODERATED' }),
      200,
    );
    await ok(
      inject('POST', '/comments', z.headers, {
        storyId: moderatedStory._id,
        text: '<p>Espero que lo aprueben</p>',
      }),
    );

    // Reports both ways, blocks both ways.
    await ok(
      inject('POST', '/reports', z.headers, {
        target: 'COMMENT',
        targetId: classmateComment._id,
        reason: 'OFFENSIVE',
      }),
    );
    await ok(
      inject('POST', '/reports', w.classmate.headers, {
        target: 'COMMENT',
        targetId: theirComment._id,
        reason: 'HARASSMENT',
      }),
    );
    // A reply of theirs hidden by their teacher's report and removed by an administrator: the case
    // stays, decided.
    await ok(
      inject('POST', '/reports', w.teacher.headers, {
        target: 'REPLY',
        targetId: theirReply._id,
        reason: 'PERSONAL_INFO',
      }),
    );
    const queue = await ok(inject('GET', '/reports?limit=50', w.admin.headers), 200);
    const removedCase = (queue.reports as { docs: { _id: string; item: { targetId: string } }[] }).docs.find(
      (c) => c.item.targetId === theirReply._id,
    )!;
    await ok(
      inject('PATCH', `/reports/${removedCase._id}`, w.admin.headers, {
        decision: 'REMOVE',
        note: 'Da datos personales',
      }),
      200,
    );
    await ok(inject('POST', '/blocks', z.headers, { userId: w.otherGradeStudent.id }));
    await ok(inject('POST', '/blocks', w.otherGradeStudent.headers, { userId: z.id }));

    // Requests: an erasure under the law (answered by this erasure) and a change of school.
    const request = await ok(
      inject('POST', '/privacy-requests', z.headers, {
        type: 'ERASURE',
        detail: 'Quiero que borren mi cuenta y mis datos',
      }),
    );
    erasureRequestId = (request.request as { _id: string })._id;
    await ok(
      inject('POST', '/change-requests', z.headers, {
        collegeId: w.collegeB,
        gradeId: w.gradeB1,
        studentExplanation: 'Me cambio de colegio el próximo mes',
      }),
    );

    // The second person: one comment, erased with its text removed.
    const secondComment = await addComment(t.app, second, classmateStory._id, `<p>${SECOND.comment}</p>`);

    ids.users.push(
      z.id,
      second.id,
      ...Object.values(w).flatMap((v) => (typeof v === 'object' && 'id' in v ? [v.id] : [])),
    );
    ids.stories.push(
      kept._id,
      keptSigned._id,
      gone._id,
      draft._id,
      reviewed._id,
      sent._id,
      classmateStory._id,
      moderatedStory._id,
    );
    ids.comments.push(
      theirComment._id,
      classmateComment._id,
      theirReply._id,
      replyToThem._id,
      onKept._id,
      answerOnKept._id,
      secondComment._id,
    );
    ids.colleges.push(w.collegeA, w.collegeB);
    ids.grades.push(w.gradeA1, w.gradeA2, w.gradeB1);
    ids.media.push(
      ...theirImages.map((url) => url.split('/').at(-1)!),
      ...imagesOf(kept).map((url) => url.split('/').at(-1)!),
    );
    ids.other.push(noteId, erasureRequestId);
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  const viewers = () =>
    [
      ['visitor', undefined],
      ['classmate', w.classmate.headers],
      ['their teacher', w.teacher.headers],
      ['other school teacher', w.otherSchoolTeacher.headers],
      ['administrator', w.admin.headers],
    ] as const;

  /** Every GET of the app, each path parameter filled with every id it may name, with query variants. */
  async function urlsToSweep(): Promise<string[]> {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<string, { get?: { parameters?: OpenApiParameter[] } }>;
    }>();
    const documented = new Map<string, { route: string; parameters: OpenApiParameter[] }>();
    for (const [route, operations] of Object.entries(doc.paths)) {
      if (operations.get) {
        documented.set(shapeOf(route), { route, parameters: operations.get.parameters ?? [] });
      }
    }
    // Pages the document hides (web-shell), and what else the router answers to GET.
    // (The home takes the gallery's filters.)
    const gallery = documented.get('/api/v1/stories')?.parameters.filter((p) => p.name !== 'limit') ?? [];
    const pages: Record<string, { route: string; parameters: OpenApiParameter[] }> = {
      '/': { route: '/', parameters: gallery },
      '/fics/:': { route: '/fics/{storyId}', parameters: [] },
      '/consentimiento/:': { route: '/consentimiento/{token}', parameters: [] },
    };
    const notData = (route: string) =>
      route.startsWith('/api/docs') || route === '/index.html' || route.includes('*');
    const routes: { route: string; parameters: OpenApiParameter[] }[] = [];
    const unknown: string[] = [];
    for (const route of routerGetPaths(t.app.printRoutes({ commonPrefix: false }))) {
      const shape = shapeOf(route);
      const entry = documented.get(shape);
      if (entry) {
        routes.push(entry);
      } else if (pages[shape]) {
        routes.push(pages[shape]);
      } else if (!notData(route)) {
        unknown.push(route);
      }
    }
    // A new page the document does not describe must be added to `pages`, so it is swept too.
    expect(unknown, 'GET routes the sweep does not know how to call').toEqual([]);
    expect(routes.length).toBeGreaterThan(40);

    const searches = ['Zacarías', 'quintanilla', PERSON.email, 'Yolanda', 'La cometa de mayo', 'tren'];
    const valuesFor = (route: string, name: string): string[] => {
      if (name === 'token') {
        return tokens;
      }
      if (name === 'round') {
        return ['1', '2'];
      }
      if (name === 'storyId') {
        return ids.stories;
      }
      if (name === 'userId') {
        return ids.users;
      }
      if (name === 'collegeId') {
        return ids.colleges;
      }
      if (name === 'gradeId') {
        return ids.grades;
      }
      const resource = route.split(`/{${name}}`)[0]!.split('/').at(-1)!;
      const byResource: Record<string, string[]> = {
        stories: ids.stories,
        users: ids.users,
        colleges: ids.colleges,
        comments: ids.comments,
        media: ids.media,
        // Teachers' rubrics and the administrators' incident register: nothing of a student's was
        // seeded there (their lists are swept); any other resource gets every id.
        rubrics: ids.other,
        'security-incidents': ids.other,
      };
      return byResource[resource] ?? Object.values(ids).flat();
    };
    const queryValues = (route: string, parameter: OpenApiParameter): string[] => {
      const choices = parameter.schema?.enum ?? parameter.schema?.items?.enum;
      if (choices) {
        return choices;
      }
      if (['page', 'limit'].includes(parameter.name)) {
        return [];
      }
      if (['search', 'searchTitle', 'q'].includes(parameter.name)) {
        return searches;
      }
      if (parameter.name === 'tags') {
        return ['Aventura', 'animales'];
      }
      if (parameter.name === 'roleId') {
        return [];
      }
      return valuesFor(route, parameter.name);
    };

    const urls = new Set<string>();
    for (const { route, parameters } of routes) {
      const names = [...route.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
      let filled = [route];
      for (const name of names) {
        filled = filled.flatMap((url) =>
          valuesFor(route, name).map((value) => url.replace(`{${name}}`, value)),
        );
      }
      const query = parameters.filter((p) => p.in === 'query');
      const limit = query.find((p) => p.name === 'limit')?.schema?.maximum;
      const base = limit ? `limit=${limit}` : '';
      for (const url of filled) {
        urls.add(base ? `${url}?${base}` : url);
        for (const parameter of query) {
          for (const value of queryValues(route, parameter)) {
            const pair = `${parameter.name}=${encodeURIComponent(value)}`;
            urls.add(`${url}?${base ? `${base}&` : ''}${pair}`);
          }
        }
      }
    }
    return [...urls];
  }

  /**
   * Calls every URL as every viewer; answers where each term was found, and any 5xx. `exempt` takes
   * out of an answer what may name them by design before it is searched.
   */
  async function sweep(
    terms: readonly Term[],
    exempt: (url: string, viewer: string, res: LightMyRequestResponse) => string | null = () => null,
  ) {
    // 'Mis datos' once an hour: each sweep downloads everyone's again.
    await t.app.db.delete(dataExports);
    const urls = await urlsToSweep();
    const hits: string[] = [];
    const failures: string[] = [];
    const tasks = urls.flatMap((url) =>
      viewers().map(([viewer, headers]) => async () => {
        const res = await t.app.inject({ method: 'GET', url, headers });
        if (res.statusCode >= 500) {
          failures.push(`${res.statusCode} GET ${url} as ${viewer}`);
        }
        const kept = exempt(url, viewer, res);
        const texts = kept === null ? textsOf(res) : [{ part: 'body (exempted)', text: kept }];
        // The home hands the app back the filters it was asked for (`"query":"searchTitle=…"`):
        // the caller's own words, not something the platform kept.
        const echo = new URL(url, 'http://fics.test').searchParams.toString();
        for (const { part, text } of texts) {
          for (const term of found(echo ? text.replaceAll(echo, '') : text, terms)) {
            hits.push(`GET ${url} as ${viewer} (${res.statusCode}, ${part}): ${term.what} «${term.text}»`);
          }
        }
      }),
    );
    await inBatches(tasks);
    return { hits, failures, calls: tasks.length };
  }

  const photoTerms = () => [
    { what: 'photo', text: photoUrl },
    { what: 'photo id', text: photoUrl.split('/').at(-1)! },
    { what: 'pseudonym', text: PSEUDONYM },
  ];

  it('finds the person everywhere before the erasure (the sweep can fail)', async () => {
    const { hits, failures } = await sweep(termsOf(PERSON, photoTerms()));
    expect(failures).toEqual([]);
    // Every channel the sweep reads finds them: JSON, the painted pages, ZIP and spreadsheet files.
    for (const where of [
      `GET /api/v1/stories/${kept._id} as visitor (200, body): short name`,
      `GET /api/v1/stories/${kept._id} as classmate (200, body): photo`,
      'GET /api/v1/notifications?limit=50 as classmate (200, body): full name',
      'GET /api/v1/notifications?limit=50 as their teacher (200, body): full name',
      'GET /api/v1/notifications?limit=50 as administrator (200, body): full name',
      'GET /api/v1/users?limit=100 as administrator (200, body): e-mail',
      'GET / as visitor (200, body): short name',
      `GET /fics/${kept._id} as visitor (200, body): short name`,
      `GET /fics/${keptSigned._id} as visitor (200, body): pseudonym`,
      'GET /?searchTitle=',
      `GET /consentimiento/${tokens[0]} as visitor (200, body): first name`,
      'GET /api/v1/me/data-export as classmate (200, file datos.json): full name',
      'GET /api/v1/users/export as administrator (200, file xl/',
    ]) {
      expect(
        hits.some((hit) => hit.startsWith(where)),
        where,
      ).toBe(true);
    }
    for (const url of theirImages) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(200);
    }
  }, 600_000);

  it('erases them, keeping one published fic as Anónimo and their comments with their text', async () => {
    // Visitors' gallery pages are kept a few seconds (the gallery's cache, the home painted from it):
    // kept now with their name, they must be dropped by the erasure's events, not wait to expire.
    const visitorPages = async () =>
      (await Promise.all(['/api/v1/stories', '/'].map((url) => t.app.inject({ method: 'GET', url })))).map(
        (res) => res.body,
      );
    for (const body of await visitorPages()) {
      expect(found(body, termsOf(PERSON))).not.toEqual([]);
    }
    const res = await inject('POST', `/users/${z.id}/erasure`, w.admin.headers, {
      requestId: erasureRequestId,
      stories: [
        { id: kept._id, keep: true },
        { id: keptSigned._id, keep: true },
        { id: gone._id, keep: false },
      ],
      removeCommentTexts: false,
    });
    expect(res.statusCode, res.body).toBe(201);
    // The second person: everything goes, their comment stays without its text.
    const other = await inject('POST', `/users/${second.id}/erasure`, w.admin.headers, {
      removeCommentTexts: true,
    });
    expect(other.statusCode, other.body).toBe(201);
    for (const body of await visitorPages()) {
      expect(found(body, termsOf(PERSON))).toEqual([]);
    }
    // What stays, stays: the kept fic as 'Anónimo', their comment under 'Usuario eliminado'.
    const page = await inject('GET', `/stories/${kept._id}`);
    expect(page.statusCode).toBe(200);
    expect(page.json<{ story: Story }>().story).toMatchObject({ anonymity: true, writtenBy: null });
    const signed = await inject('GET', `/stories/${keptSigned._id}`);
    expect(signed.json<{ story: Story }>().story).toMatchObject({ writtenBy: null, nicknameValue: null });
    const comments = await inject('GET', `/comments?storyId=${classmateStory._id}`, w.classmate.headers);
    const texts = comments.json<{ comments: { docs: Comment[] } }>().comments.docs.map((c) => c.text);
    expect(texts.join()).toContain('Me gustó mucho tu verano');
  });

  it('then no answer, export or page holds their name, e-mail or photo', async () => {
    const terms = [
      ...termsOf(PERSON, photoTerms()),
      ...termsOf(SECOND, [{ what: 'removed comment text', text: SECOND.comment }]),
      { what: 'erased account id', text: z.id },
      { what: 'erased account id', text: second.id },
    ];
    // The request this erasure answers keeps its e-mail, the address the answer goes to
    // (docs/decisions/privacy.md 'Supresión'; the retention job clears it): its `email` alone, in the
    // administrators' queue, is left out of the search.
    const exempt = (url: string, viewer: string, res: LightMyRequestResponse) => {
      if (
        viewer !== 'administrator' ||
        !url.startsWith('/api/v1/privacy-requests') ||
        res.statusCode !== 200
      ) {
        return null;
      }
      const body = res.json<{ requests: { docs: { _id: string; email: string }[] } }>();
      for (const doc of body.requests.docs) {
        if (doc._id === erasureRequestId) {
          expect(doc.email).toBe(PERSON.email);
          doc.email = '';
        }
      }
      return JSON.stringify(body);
    };
    const { hits, failures, calls } = await sweep(terms, exempt);
    expect(failures).toEqual([]);
    expect(calls).toBeGreaterThan(1000);
    expect(hits, hits.join('\n')).toEqual([]);
  }, 600_000);

  it('no longer serves their photo nor the covers of their deleted fics', async () => {
    for (const url of theirImages) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
    // The kept fic's cover is the fic's now, and stays.
    expect((await t.app.inject({ method: 'GET', url: kept.image.url })).statusCode).toBe(200);
  });
});
