import { vi } from 'vitest';
import type { CollegeOption, GalleryCard } from '@fics/contracts';
import { mockApi, requestUrl } from '../../test/utils';

export function makeCard(n: number, overrides: Partial<GalleryCard> = {}): GalleryCard {
  return {
    _id: `story-${n}`,
    title: `Fic número ${n}`,
    image: {
      url: `/media/covers/${n}.png`,
      width: 1080,
      height: 1080,
      variants: [
        { url: `/media/covers/${n}-320.webp`, width: 320, height: 320 },
        { url: `/media/covers/${n}-640.webp`, width: 640, height: 640 },
      ],
    },
    anonymity: false,
    nickname: false,
    nicknameValue: null,
    writtenBy: { _id: `author-${n}`, name: 'Sofía E.', profilePicture: null },
    likesCount: n,
    date: '2025-06-01T12:00:00.000Z',
    ...overrides,
  };
}

export const colleges: CollegeOption[] = [
  {
    _id: 'college-1',
    name: 'Colegio Los Andes',
    grades: [
      { _id: 'grade-1', level: 'Quinto', cicle: 'Básico', name: 'A' },
      { _id: 'grade-2', level: 'Sexto', cicle: 'Básico', name: 'B' },
    ],
  },
  {
    _id: 'college-2',
    name: 'Escuela del Mar',
    grades: [{ _id: 'grade-3', level: 'Primero', cicle: 'Medio', name: 'A' }],
  },
];

const PAGE_SIZE = 12;

interface GalleryStub {
  /** The fics GET /stories finds (before paging), or a function of the request's query. */
  cards: GalleryCard[] | ((query: URLSearchParams) => GalleryCard[]);
  /** Answer this status instead (once, or for every call while `failures` lasts). */
  status?: number;
  failures?: number;
  /** Fail only the request of this page. */
  failPage?: number;
  extra?: Parameters<typeof mockApi>[0];
}

/**
 * Serves GET /stories (paged by 12 from `cards`), GET /colleges/list and GET /stories/tags; every
 * other call goes to mockApi with `extra`. Returns the fetch mock.
 */
export function stubGallery({ cards, status, failures = Infinity, failPage, extra = {} }: GalleryStub) {
  const others = mockApi({
    'GET /colleges/list': { body: { colleges } },
    'GET /stories/tags': { body: { tags: ['terror', 'ternura'] } },
    ...extra,
  });
  let failed = 0;
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(requestUrl(input), 'http://localhost');
    if (url.pathname !== '/api/v1/stories') {
      return others(input, init);
    }
    const page = Number(url.searchParams.get('page') ?? 1);
    if ((status !== undefined && failed < failures) || failPage === page) {
      failed += 1;
      return new Response(JSON.stringify({ type: 'INTERNAL', message: 'Error interno' }), {
        status: status ?? 500,
        headers: { 'content-type': 'application/json' },
      });
    }
    const found = typeof cards === 'function' ? cards(url.searchParams) : cards;
    const docs = found.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);
    const hasNextPage = page * PAGE_SIZE < found.length;
    const body = {
      stories: {
        docs,
        page,
        limit: PAGE_SIZE,
        totalDocs: found.length,
        hasNextPage,
        nextPage: hasNextPage ? page + 1 : null,
      },
    };
    return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The query strings of the GET /stories calls, in order ('?page=1&tags=terror'). */
export function galleryCalls(fetchMock: ReturnType<typeof stubGallery>): URLSearchParams[] {
  return fetchMock.mock.calls
    .map(([input]) => new URL(requestUrl(input), 'http://localhost'))
    .filter((url) => url.pathname === '/api/v1/stories')
    .map((url) => url.searchParams);
}
