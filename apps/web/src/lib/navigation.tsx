/**
 * The app's history, and the question before leaving a page with unsaved work (spec 001 §2: 'Seguro
 * que quieres salir de esta pagina?', for links, the menu and the back button).
 *
 * Why not react-router's createBrowserRouter and its useBlocker: that data router (loaders, actions,
 * fetchers, revalidation, view transitions) is 16 kB of gzipped JavaScript the app uses none of but
 * the blocker, on every phone's first visit (issue 23 point 2: 150 kB in all). The app renders its
 * one route table with react-router's own pieces (`unstable_HistoryRouter`, `useRoutes`) over
 * react-router's own history (`createBrowserHistory`, or `createMemoryHistory` in tests); what this
 * file adds is the blocker, in the data router's way (its `shouldBlockNavigation` and pop handling):
 *
 * - a push or replace that a blocker stops is held, and happens only if the user says 'Salir';
 * - the back and forward buttons have already moved the browser when it tells the app, so a
 *   blocked pop is undone at once with `go(-delta)` (the history numbers its entries, `delta` is how
 *   far the pop went) and redone with `go(delta)` if the user says 'Salir'; the undoing pop itself
 *   is not shown to the app.
 *
 * docs/decisions/home-performance.md has the figures; LeavePageGuard.test.tsx and
 * e2e/stories.spec.ts ('leaving the editor') test it, the back button included.
 */
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import {
  unstable_HistoryRouter as HistoryRouter,
  NavigationType,
  UNSAFE_createBrowserHistory as createBrowserHistory,
  UNSAFE_createMemoryHistory as createMemoryHistory,
  parsePath,
  type HistoryRouterProps,
  type Location,
  type To,
} from 'react-router';

/**
 * react-router's history (its `createBrowserHistory` and `createMemoryHistory`, which its own routers
 * use; exported with an UNSAFE_ prefix and pinned by the lock file: a renamed export fails typecheck).
 */
type History = HistoryRouterProps['history'];

/** What a blocker is asked: react-router's BlockerFunction arguments, without the data router. */
export interface BlockerArgs {
  currentLocation: Location;
  nextLocation: Pick<Location, 'pathname' | 'search' | 'hash'>;
}

export type ShouldBlock = (args: BlockerArgs) => boolean;

interface Blocker {
  shouldBlock: ShouldBlock;
  /** Called with the held navigation's way on, when this blocker stopped one. */
  onBlocked: (proceed: () => void) => void;
}

/** A history whose navigations registered blockers may hold (see the top of this file). */
export interface BlockingHistory extends History {
  /** Registers a blocker; returns the function that removes it. The newest blocker is asked first. */
  block(blocker: Blocker): () => void;
}

const nextOf = (to: To): BlockerArgs['nextLocation'] => {
  const { pathname = '/', search = '', hash = '' } = typeof to === 'string' ? parsePath(to) : to;
  return { pathname, search, hash };
};

/** The app's history, over the browser's. With `v5Compat` the router hears of its own pushes too. */
export function createAppHistory(): BlockingHistory {
  return withBlocking(createBrowserHistory({ v5Compat: true }));
}

/** The same over a history in memory starting at `path`, for component tests (test/utils.tsx). */
export function createMemoryAppHistory(path: string): BlockingHistory {
  return withBlocking(createMemoryHistory({ initialEntries: [path], v5Compat: true }));
}

function withBlocking(inner: History): BlockingHistory {
  const blockers: Blocker[] = [];
  /** The location the app shows: for a pop, `inner.location` has already moved on when we hear of it. */
  let shown = inner.location;
  /** The pop that undoes a blocked one: not shown to the app. */
  let undoing = false;
  /** The held navigation is going ahead: no blocker is asked again. */
  let proceeding = false;
  /** Set while a proceeding `go(delta)` has not reached the listener yet (a browser's pop is async). */
  let pendingPop = false;

  const blockerFor = (nextLocation: BlockerArgs['nextLocation']): Blocker | undefined => {
    if (proceeding) {
      return undefined;
    }
    return blockers.findLast((blocker) => blocker.shouldBlock({ currentLocation: shown, nextLocation }));
  };

  const hold = (blocker: Blocker, go: () => void) => {
    blocker.onBlocked(() => {
      proceeding = true;
      try {
        go();
      } finally {
        // A browser's pop arrives later (popstate); the listener clears the flag when it does.
        if (!pendingPop) {
          proceeding = false;
        }
      }
    });
  };

  /** A push or a replace to `to`: now, or held by the blocker that stops it. */
  const navigate = (to: To, go: () => void) => {
    const blocker = blockerFor(nextOf(to));
    if (blocker) {
      hold(blocker, go);
    } else {
      go();
    }
  };

  return {
    get action() {
      return inner.action;
    },
    get location() {
      return inner.location;
    },
    createHref: (to) => inner.createHref(to),
    createURL: (to) => inner.createURL(to),
    encodeLocation: (to) => inner.encodeLocation(to),
    push: (to, state) => navigate(to, () => inner.push(to, state)),
    replace: (to, state) => navigate(to, () => inner.replace(to, state)),
    go: (delta) => inner.go(delta),
    listen(listener) {
      return inner.listen((update) => {
        if (update.action === NavigationType.Pop) {
          if (undoing) {
            undoing = false;
            return;
          }
          if (pendingPop) {
            pendingPop = false;
            proceeding = false;
          } else {
            const blocker = update.delta ? blockerFor(update.location) : undefined;
            if (blocker) {
              const delta = update.delta!;
              undoing = true;
              inner.go(-delta);
              hold(blocker, () => {
                pendingPop = true;
                inner.go(delta);
              });
              return;
            }
          }
        }
        shown = update.location;
        listener(update);
      });
    },
    block(blocker) {
      blockers.push(blocker);
      return () => {
        blockers.splice(blockers.indexOf(blocker), 1);
      };
    },
  };
}

const BlockingHistoryContext = createContext<BlockingHistory | null>(null);

/** The router over `history`: react-router's HistoryRouter, with the history's blockers reachable. */
export function AppHistoryRouter({ history, children }: { history: BlockingHistory; children: ReactNode }) {
  return (
    <BlockingHistoryContext.Provider value={history}>
      <HistoryRouter history={history}>{children}</HistoryRouter>
    </BlockingHistoryContext.Provider>
  );
}

export interface LeaveBlocker {
  /** 'blocked' while a navigation waits for the user's answer. */
  state: 'unblocked' | 'blocked';
  /** Lets the waiting navigation go. */
  proceed: () => void;
  /** Drops it: the user stays. */
  reset: () => void;
}

/**
 * react-router's useBlocker for the app's history: `shouldBlock` is asked for every navigation (read
 * when navigating, not when rendering), and a navigation it stops waits for `proceed` or `reset`.
 */
export function useLeaveBlocker(shouldBlock: ShouldBlock): LeaveBlocker {
  const history = useContext(BlockingHistoryContext);
  if (!history) {
    throw new Error('useLeaveBlocker needs the app router (lib/navigation.tsx AppHistoryRouter)');
  }
  const shouldBlockRef = useRef(shouldBlock);
  useLayoutEffect(() => {
    shouldBlockRef.current = shouldBlock;
  }, [shouldBlock]);
  const [waiting, setWaiting] = useState<{ proceed: () => void } | null>(null);

  useEffect(
    () =>
      history.block({
        shouldBlock: (args) => shouldBlockRef.current(args),
        onBlocked: (proceed) => setWaiting({ proceed }),
      }),
    [history],
  );

  const proceed = useCallback(() => {
    setWaiting(null);
    waiting?.proceed();
  }, [waiting]);
  const reset = useCallback(() => setWaiting(null), []);
  return { state: waiting ? 'blocked' : 'unblocked', proceed, reset };
}
