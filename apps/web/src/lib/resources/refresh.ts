import type { QueryClient } from '@tanstack/react-query';
import type { User } from '@fics/contracts';
import { queryKeys } from '../query-keys';

/*
 * What each kind of change makes stale, in one place: a mutation in any feature calls one of these
 * after the server said yes, so every screen that shows the changed data asks again (active queries
 * at once, the others when next seen).
 */

/**
 * Users were created, edited, deleted or imported: the user lists and details, and the school
 * screens, which count each grade's teachers and students and list the teachers by name. When the
 * signed-in user changed their own row, the header's name and picture too.
 */
export function refreshAfterUsersChange(queryClient: QueryClient, changedUserId?: string): Promise<unknown> {
  const me = queryClient.getQueryData<User>(queryKeys.auth.me());
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.users.all }),
    queryClient.invalidateQueries({ queryKey: queryKeys.colleges.all }),
    me && changedUserId !== undefined && me._id === changedUserId
      ? queryClient.invalidateQueries({ queryKey: queryKeys.auth.me() })
      : undefined,
  ]);
}

/**
 * The signed-in user changed their own profile and the server answered the whole user: the header
 * and the profile take it at once; user lists and school screens that show the name or picture ask
 * again. The profile itself is not refetched, it already holds the answer.
 */
export function refreshAfterProfileChange(queryClient: QueryClient, user: User): Promise<unknown> {
  queryClient.setQueryData<User>(queryKeys.auth.me(), user);
  queryClient.setQueryData<{ user: User }>(queryKeys.users.detail(user._id), (detail) =>
    detail ? { ...detail, user } : detail,
  );
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.users.lists() }),
    queryClient.invalidateQueries({ queryKey: queryKeys.colleges.all }),
  ]);
}

/**
 * A school or grade was created, edited or deleted: every school list, school view and grade list
 * (the user list's filters and dialogs included). `renamed`: a school's or grade's name shows in the
 * user rows, so those ask again too.
 */
export function refreshAfterCollegesChange(
  queryClient: QueryClient,
  { renamed = false }: { renamed?: boolean } = {},
): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.colleges.all }),
    renamed ? queryClient.invalidateQueries({ queryKey: queryKeys.users.all }) : undefined,
  ]);
}
