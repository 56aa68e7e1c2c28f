import { pageOf, type Comment, type CommentAuthor, type Reply, type Story } from '@fics/contracts';
import type { User } from '@fics/contracts';
import userEvent from '@testing-library/user-event';
import { setTokens } from '../../lib/session';
import { makeUser, mockApi, renderApp, requestUrl, type Handler } from '../../test/utils';

export const storyId = '6f1c2a9e-0000-4000-8000-0000000000b2';
export const storyPath = `/fics/${storyId}`;

/** A published fic as GET /stories/:id answers it, nothing allowed but reading. */
export function makePublishedStory(overrides: Partial<Story> = {}): Story {
  return {
    _id: storyId,
    title: 'El faro de Chiloé',
    text: '<p>Había una vez un faro que no quería apagarse.</p>',
    image: { url: '/media/covers/portada.png', width: 1080, height: 1080, variants: [] },
    publicationStatus: 'PUBLISHED',
    draft: false,
    date: '2025-05-05T15:00:00.000Z',
    createdAt: '2025-05-01T15:00:00.000Z',
    updatedAt: '2025-05-05T15:00:00.000Z',
    anonymity: false,
    nickname: false,
    nicknameValue: null,
    personal: false,
    location: '',
    locationURL: null,
    tags: ['misterio'],
    writingTime: 600,
    wordCount: 10,
    writtenBy: { _id: 'author-1', name: 'Sofía E.', profilePicture: null },
    likesCount: 4,
    likedByMe: false,
    comments: 0,
    commentsMode: 'OPEN',
    rounds: 1,
    evaluation: [],
    permissions: {
      canEdit: false,
      canSend: false,
      canDelete: false,
      canPublish: false,
      canEvaluate: false,
      canUpdateEvaluation: false,
      canViewEvaluation: false,
      canRevealAuthor: false,
      canViewRevisions: false,
      canViewAnnotations: false,
      canAnnotate: false,
      canManageComments: false,
    },
    ...overrides,
  };
}

export const studentAuthor: CommentAuthor = {
  _id: 'user-STUDENT',
  name: 'Ana María Rojas',
  profilePicture: null,
  role: { name: 'STUDENT', displayName: 'Estudiante' },
  isStoryAuthor: false,
};

export const teacherAuthor: CommentAuthor = {
  _id: 'teacher-9',
  name: 'Marta Fuentes',
  profilePicture: { url: '/media/avatars/marta.png' },
  role: { name: 'TEACHER', displayName: 'Docente' },
  isStoryAuthor: false,
};

const noRights = { canEdit: false, canDelete: false };

/** Comment number `n` of the fic, by a teacher, read-only unless said otherwise. */
export function makeComment(n: number, overrides: Partial<Comment> = {}): Comment {
  return {
    _id: `comment-${n}`,
    storyId,
    userId: teacherAuthor,
    text: `<p>Comentario número ${n}</p>`,
    wasEdited: false,
    createdAt: '2025-06-03T12:00:00.000Z',
    replies: 0,
    permissions: noRights,
    ...overrides,
  };
}

export function makeReply(commentId: string, n: number, overrides: Partial<Reply> = {}): Reply {
  return {
    _id: `${commentId}-reply-${n}`,
    commentId,
    userId: teacherAuthor,
    text: `<p>Respuesta número ${n}</p>`,
    wasEdited: false,
    createdAt: '2025-06-04T12:00:00.000Z',
    permissions: noRights,
    ...overrides,
  };
}

/** Page `page` of `all`, 5 a page, as the API pages it. */
export function pageFrom<T>(all: T[], page: number, limit = 5) {
  return pageOf(all.slice((page - 1) * limit, page * limit), { page, limit }, all.length);
}

type Handlers = Record<string, Handler | { status?: number; body?: unknown }>;

export const student = makeUser('STUDENT');

/**
 * The fic page of `story` for `actor` (a student by default; null: a visitor), with GET /comments
 * answering no comments unless `handlers` says otherwise.
 */
export function renderStoryPage(story: Story, options: { actor?: User | null; handlers?: Handlers } = {}) {
  const actor = options.actor === undefined ? student : options.actor;
  const fetchMock = mockApi({
    'GET /auth/me': actor ? { body: { user: actor } } : { status: 401, body: {} },
    [`GET /stories/${story._id}`]: { body: { story } },
    'GET /comments': { body: { comments: pageFrom([], 1) } },
    'POST /tracking': { status: 201, body: { recorded: true } },
    ...options.handlers,
  });
  if (actor) {
    setTokens({ accessToken: 'access', refreshToken: 'refresh' });
  }
  const rendered = renderApp(`/fics/${story._id}`);
  return { ...rendered, fetchMock, user: userEvent.setup({ delay: null }) };
}

/** The calls `fetchMock` received for `method path` (query string left out), with their JSON bodies. */
export function callsTo(fetchMock: ReturnType<typeof mockApi>, method: string, path: string): unknown[] {
  return fetchMock.mock.calls
    .filter(([input, init]) => {
      const url = new URL(requestUrl(input), 'http://localhost');
      return (init?.method ?? 'GET').toUpperCase() === method && url.pathname === `/api/v1${path}`;
    })
    .map(([, init]) => (typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : init?.body));
}
