/*
 * The one route table of the web app (spec 000 §2 and 001 §2).
 *
 * Add a page:
 *   1. Write `features/<feature>/pages/<Name>Page.tsx` exporting `function <Name>Page()`.
 *   2. Add a row to `pages` below: `{ path: '/escuelas', page: lazyPage(() => import('...'), 'EscuelasPage'),
 *      access: ['ADMIN'] }`. Every page except the home is lazy, so its code stays out of the home chunk.
 * Guard it with `access`:
 *   'public' — anyone; 'auth' — any signed-in user (RequireAuth); a role list — those roles only
 *   (RequireRole). Guards wait for the session, then redirect to / on failure, as the spec asks.
 *   The API decides authorisation again; the guard only keeps the UI honest.
 * Add a menu entry:
 *   the header's role menu lives in `app/menu.ts`; entries for pages that do not exist yet carry
 *   `available: false`. Flip it to `true` in the commit that adds the route here.
 * Page titles: render `<PageTitle title="..." />` (components/PageTitle) as the page's h1.
 * Unknown paths fall through to NotFoundPage; a page that throws while rendering shows the crash page
 * inside the shell (RouteErrorBoundary), so the header stays usable.
 * The table is rendered with react-router's useRoutes over the app's history (lib/navigation.tsx says
 * why not its data router).
 */
import { lazy, type ComponentType } from 'react';
import { Navigate, Outlet, useRoutes, type RouteObject } from 'react-router';
import type { RoleName } from '@fics/contracts';
import { withAllTexts } from '../lib/i18n';
import { HomePage } from '../features/home/pages/HomePage';
import { AppLayout } from './layout/AppLayout';
import { NotFoundPage } from './layout/NotFoundPage';
import { RouteErrorBoundary } from './layout/ErrorPage';
import { RequireAuth, RequireRole } from './guards';

type Access = 'public' | 'auth' | readonly RoleName[];

interface PageRoute {
  path: string;
  page: ComponentType;
  access: Access;
}

/** How long a page whose code failed to load waits before fetching it once more. */
export const PAGE_RETRY_DELAY_MS = 1_000;

/**
 * React.lazy for a named export: `lazyPage(() => import('./X'), 'XPage')`. The page renders once
 * the rest of the text catalog is there too (lib/i18n.ts).
 *
 * A page's code can fail to arrive (school Wi-Fi drops a request, a deploy replaced the chunk): it is
 * fetched once more after PAGE_RETRY_DELAY_MS, and if that fails too the crash page shows
 * (RouteErrorBoundary). React.lazy remembers a failure for good; here a page rendered again at least
 * PAGE_RETRY_DELAY_MS after its failure (the user went to another page and came back, which clears
 * the crash page) starts a fresh load instead of failing at once until the browser reloads. Not
 * sooner: React renders a failed page once more at once before it shows the crash page, and a fresh
 * load then would retry forever while the network is down.
 */
export function lazyPage<M extends Record<string, unknown>, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
): ComponentType {
  const attempt = () => withAllTexts(load);
  let failedAt: number | undefined;
  const loadPage = (): Promise<{ default: ComponentType }> =>
    attempt()
      .catch(() => new Promise((resolve) => setTimeout(resolve, PAGE_RETRY_DELAY_MS)).then(attempt))
      .then(
        (module) => ({ default: module[name] as ComponentType }),
        (error: unknown) => {
          failedAt = Date.now();
          throw error;
        },
      );
  let current = lazy(loadPage);
  return function LazyPage() {
    if (failedAt !== undefined && Date.now() - failedAt >= PAGE_RETRY_DELAY_MS) {
      failedAt = undefined;
      current = lazy(loadPage);
    }
    const Page = current;
    return <Page />;
  };
}

const pages: readonly PageRoute[] = [
  { path: '/', page: HomePage, access: 'public' },
  {
    path: '/password-recovery/:token',
    page: lazyPage(() => import('../features/auth/pages/PasswordRecoveryPage'), 'PasswordRecoveryPage'),
    access: 'public',
  },
  {
    path: '/perfil',
    page: lazyPage(() => import('../features/profile/pages/ProfilePage'), 'ProfilePage'),
    access: 'auth',
  },
  {
    path: '/usuarios',
    page: lazyPage(() => import('../features/users/pages/UsersPage'), 'UsersPage'),
    access: ['ADMIN', 'TEACHER'],
  },
  {
    path: '/usuarios/:userId',
    page: lazyPage(() => import('../features/tracking/pages/UserActivityPage'), 'UserActivityPage'),
    access: ['ADMIN', 'TEACHER'],
  },
  {
    path: '/notificaciones',
    page: lazyPage(() => import('../features/notifications/pages/NotificationsPage'), 'NotificationsPage'),
    access: 'auth',
  },
  {
    path: '/terminos-condiciones',
    page: lazyPage(() => import('../features/policies/pages/PoliciesPage'), 'PoliciesPage'),
    access: 'public',
  },
  {
    path: '/escuelas',
    page: lazyPage(() => import('../features/colleges/pages/CollegesPage'), 'CollegesPage'),
    access: ['ADMIN'],
  },
  {
    path: '/escuelas/:collegeId',
    page: lazyPage(() => import('../features/colleges/pages/CollegePage'), 'CollegePage'),
    access: ['ADMIN'],
  },
  {
    path: '/cambios',
    page: lazyPage(() => import('../features/requests/pages/ChangeRequestsPage'), 'ChangeRequestsPage'),
    access: ['ADMIN'],
  },
  {
    path: '/registros',
    page: lazyPage(() => import('../features/requests/pages/RegisterRequestsPage'), 'RegisterRequestsPage'),
    access: ['ADMIN'],
  },
  {
    path: '/fics/nuevo',
    page: lazyPage(() => import('../features/stories/pages/NewStoryPage'), 'NewStoryPage'),
    access: ['STUDENT'],
  },
  {
    path: '/mis-fics',
    page: lazyPage(() => import('../features/stories/pages/MyStoriesPage'), 'MyStoriesPage'),
    access: ['STUDENT'],
  },
  {
    path: '/fics/revision',
    page: lazyPage(() => import('../features/review/pages/ReviewStoriesPage'), 'ReviewStoriesPage'),
    access: ['TEACHER'],
  },
  {
    path: '/fics/publicadas',
    page: lazyPage(() => import('../features/review/pages/PublishedStoriesPage'), 'PublishedStoriesPage'),
    access: ['TEACHER'],
  },
  {
    // Spec 001 §2: open to the three roles; the API decides what each may do with the fic.
    path: '/fics/:storyId/revision',
    page: lazyPage(() => import('../features/stories/pages/StoryReviewPage'), 'StoryReviewPage'),
    access: ['ADMIN', 'STUDENT', 'TEACHER'],
  },
  {
    path: '/rubricas',
    page: lazyPage(() => import('../features/rubrics/pages/MyRubricsPage'), 'MyRubricsPage'),
    // Administrators have rubrics too: theirs become school templates (docs/decisions/rubrics.md).
    access: ['TEACHER', 'ADMIN'],
  },
  {
    path: '/rubricas/nuevo',
    page: lazyPage(() => import('../features/rubrics/pages/NewRubricPage'), 'NewRubricPage'),
    // Administrators have rubrics too: theirs become school templates (docs/decisions/rubrics.md).
    access: ['TEACHER', 'ADMIN'],
  },
  {
    path: '/rubricas/:id/actualizar',
    page: lazyPage(() => import('../features/rubrics/pages/EditRubricPage'), 'EditRubricPage'),
    // Administrators have rubrics too: theirs become school templates (docs/decisions/rubrics.md).
    access: ['TEACHER', 'ADMIN'],
  },
  {
    path: '/reportes',
    page: lazyPage(() => import('../features/moderation/pages/ReportsPage'), 'ReportsPage'),
    access: ['TEACHER', 'ADMIN'],
  },
  {
    path: '/solicitudes-datos',
    page: lazyPage(() => import('../features/privacy-requests/pages/PrivacyQueuePage'), 'PrivacyQueuePage'),
    access: ['ADMIN'],
  },
  {
    path: '/incidentes-seguridad',
    page: lazyPage(
      () => import('../features/security-incidents/pages/SecurityIncidentsPage'),
      'SecurityIncidentsPage',
    ),
    access: ['ADMIN'],
  },
  {
    // Public: the API answers 404 for a fic the caller may not see. /fics/nuevo and other static
    // paths under /fics rank above this one whatever their place in this table.
    path: '/fics/:storyId',
    page: lazyPage(() => import('../features/stories/pages/StoryPage'), 'StoryPage'),
    access: 'public',
  },
];

function guarded({ page: Page, access }: PageRoute) {
  if (access === 'public') {
    return <Page />;
  }
  if (access === 'auth') {
    return (
      <RequireAuth>
        <Page />
      </RequireAuth>
    );
  }
  return (
    <RequireRole roles={access}>
      <Page />
    </RequireRole>
  );
}

/** Route objects, exported so tests can mount them over a memory history (test/utils.tsx renderApp). */
export const routes: RouteObject[] = [
  {
    element: (
      <RouteErrorBoundary>
        <AppLayout />
      </RouteErrorBoundary>
    ),
    children: [
      {
        element: (
          <RouteErrorBoundary>
            <Outlet />
          </RouteErrorBoundary>
        ),
        children: [
          { path: '/index.html', element: <Navigate to="/" replace /> },
          ...pages.map((route) => ({ path: route.path, element: guarded(route) })),
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];

/** The route table rendered: inside lib/navigation.tsx's AppHistoryRouter. */
export function AppRoutes({ table = routes }: { table?: RouteObject[] }) {
  return useRoutes(table);
}
