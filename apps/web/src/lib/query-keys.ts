import type {
  GalleryFilters,
  MyRubricsQuery,
  PublishedStoriesQuery,
  ReviewStoriesQuery,
  StudentStoriesQuery,
  UsersQuery,
} from '@fics/contracts';

/**
 * Every query key of the web app, in one place (react-query's key-factory pattern). A feature never
 * spells a key itself: it reads it here, so a mutation in one feature invalidates exactly what the
 * others cached. Keys are hierarchical: invalidating `queryKeys.colleges.all` also refreshes every
 * school list, detail and grade list under it.
 */
export const queryKeys = {
  auth: {
    all: ['auth'] as const,
    me: () => [...queryKeys.auth.all, 'me'] as const,
    recoveryToken: (token: string) => [...queryKeys.auth.all, 'recovery-token', token] as const,
  },
  roles: {
    all: ['roles'] as const,
  },
  regions: {
    all: ['regions'] as const,
  },
  colleges: {
    all: ['colleges'] as const,
    /** GET /colleges (administrator: every school; teacher: their own with their grades). */
    list: () => [...queryKeys.colleges.all, 'list'] as const,
    /** GET /colleges/list (public options of the registration form). */
    options: () => [...queryKeys.colleges.all, 'options'] as const,
    detail: (collegeId: string) => [...queryKeys.colleges.all, 'detail', collegeId] as const,
    grades: (collegeId: string) => [...queryKeys.colleges.all, 'grades', collegeId] as const,
  },
  users: {
    all: ['users'] as const,
    lists: () => [...queryKeys.users.all, 'list'] as const,
    /** One page of GET /users with its filters, search and page. */
    list: (query: Partial<UsersQuery>) => [...queryKeys.users.lists(), query] as const,
    /** The phone list: every page read so far ('Ver más') of one filter, search and page size. */
    pages: (query: Omit<UsersQuery, 'page'>) => [...queryKeys.users.lists(), 'pages', query] as const,
    detail: (userId: string) => [...queryKeys.users.all, 'detail', userId] as const,
  },
  /** GET /client-config (the send dialog's map provider). */
  clientConfig: ['client-config'] as const,
  stories: {
    all: ['stories'] as const,
    /** GET /stories/student-stories: one page of the signed-in student's own fics. */
    mine: (query: StudentStoriesQuery) => [...queryKeys.stories.all, 'mine', query] as const,
    detail: (storyId: string) => [...queryKeys.stories.all, 'detail', storyId] as const,
    /** GET /stories/:id/revisions and /revisions/:round: the rounds sent ('Cambios'). */
    revisions: (storyId: string) => [...queryKeys.stories.all, 'revisions', storyId] as const,
    revision: (storyId: string, round: number) =>
      [...queryKeys.stories.all, 'revisions', storyId, round] as const,
    /** GET /stories/tags?search: suggestions for the typed text. */
    tags: (search: string) => [...queryKeys.stories.all, 'tags', search] as const,
    /** GET /stories/review-stories: one page of a teacher's fics to review. */
    review: (query: ReviewStoriesQuery) => [...queryKeys.stories.all, 'review', query] as const,
    /** GET /stories/published-stories: one page of a teacher's grades' published fics. */
    published: (query: PublishedStoriesQuery) => [...queryKeys.stories.all, 'published', query] as const,
    /** GET /stories: the public gallery, every page read so far ('Ver más') of one set of filters. */
    gallery: (filters: GalleryFilters) => [...queryKeys.stories.all, 'gallery', filters] as const,
  },
  comments: {
    all: ['comments'] as const,
    /** GET /comments?storyId: every page read so far of a fic's comments. */
    ofStory: (storyId: string) => [...queryKeys.comments.all, 'story', storyId] as const,
    /** GET /comments/:id/replies: every page read so far of a comment's replies. */
    replies: (commentId: string) => [...queryKeys.comments.all, 'replies', commentId] as const,
  },
  tracking: {
    all: ['tracking'] as const,
    /** GET /tracking/:userId: every page read so far of a student's activity. */
    ofUser: (userId: string) => [...queryKeys.tracking.all, userId] as const,
  },
  requests: {
    all: ['requests'] as const,
    /** Change requests (administrators): invalidating this refreshes the pending list and every history page. */
    change: () => [...queryKeys.requests.all, 'change'] as const,
    /** GET /change-requests/pendings: whole; also feeds the admin menu's dot. */
    changePending: () => [...queryKeys.requests.change(), 'pending'] as const,
    /** GET /change-requests/history: one page. */
    changeHistory: (query: { page: number; limit: number }) =>
      [...queryKeys.requests.change(), 'history', query] as const,
    /** Registration requests (administrators). */
    register: () => [...queryKeys.requests.all, 'register'] as const,
    /** GET /register-requests/pendings: whole; also feeds the admin menu's dot. */
    registerPending: () => [...queryKeys.requests.register(), 'pending'] as const,
    /** GET /register-history: one page. */
    registerHistory: (query: { page: number; limit: number }) =>
      [...queryKeys.requests.register(), 'history', query] as const,
    /** GET /change-requests/student-sent (the signed-in student): every page. */
    student: () => [...queryKeys.requests.all, 'student'] as const,
    /** GET /change-requests/student-sent: one page. */
    studentPage: (query: { page: number; limit: number }) =>
      [...queryKeys.requests.student(), query] as const,
  },
  notifications: {
    /** Every page of the signed-in user's notifications (the bell's included): marking read refreshes them. */
    all: ['notifications'] as const,
    page: (query: { page: number; limit: number }) => [...queryKeys.notifications.all, query] as const,
  },
  rubrics: {
    all: ['rubrics'] as const,
    /** GET /rubrics/my-rubrics: one page of the teacher's rubrics. */
    mine: (query: MyRubricsQuery) => [...queryKeys.rubrics.all, 'mine', query] as const,
    detail: (rubricId: string) => [...queryKeys.rubrics.all, 'detail', rubricId] as const,
  },
} as const;
