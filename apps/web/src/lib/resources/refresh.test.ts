import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { makeUser } from '../../test/utils';
import { queryKeys } from '../query-keys';
import { refreshAfterCollegesChange, refreshAfterProfileChange, refreshAfterUsersChange } from './refresh';

const me = makeUser('ADMIN');

/** A cache holding one entry of every kind of server data the app keeps, none of them stale. */
function filledCache() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
  const entries: Record<string, QueryKey> = {
    me: queryKeys.auth.me(),
    roles: queryKeys.roles.all,
    regions: queryKeys.regions.all,
    collegeList: queryKeys.colleges.list(),
    collegeView: queryKeys.colleges.detail('c1'),
    userList: queryKeys.users.list({ page: 1 }),
    myDetail: queryKeys.users.detail(me._id),
  };
  for (const key of Object.values(entries)) {
    queryClient.setQueryData(key, key === entries.me ? me : { cached: true });
  }
  const stale = () =>
    Object.entries(entries)
      .filter(([, key]) => queryClient.getQueryState(key)?.isInvalidated)
      .map(([name]) => name)
      .sort();
  return { queryClient, stale };
}

describe('what each change refreshes', () => {
  it('a user change: user lists and details and the school views (their counts), not roles or regions', async () => {
    const { queryClient, stale } = filledCache();
    await refreshAfterUsersChange(queryClient, 'someone-else');
    expect(stale()).toEqual(['collegeList', 'collegeView', 'myDetail', 'userList']);
  });

  it('a change to one’s own user row also refreshes the header’s current user', async () => {
    const { queryClient, stale } = filledCache();
    await refreshAfterUsersChange(queryClient, me._id);
    expect(stale()).toContain('me');
  });

  it('a school or grade created or deleted: the school lists and views only', async () => {
    const { queryClient, stale } = filledCache();
    await refreshAfterCollegesChange(queryClient);
    expect(stale()).toEqual(['collegeList', 'collegeView']);
  });

  it('a school or grade renamed: the user rows too, which show those names', async () => {
    const { queryClient, stale } = filledCache();
    await refreshAfterCollegesChange(queryClient, { renamed: true });
    expect(stale()).toEqual(['collegeList', 'collegeView', 'myDetail', 'userList']);
  });

  it('a profile change: header and profile take the answer, lists and school views ask again', async () => {
    const { queryClient, stale } = filledCache();
    queryClient.setQueryData(queryKeys.users.detail(me._id), { user: me, inscriptionObject: [] });
    const renamed = { ...me, name: 'Ana Rojas' };
    await refreshAfterProfileChange(queryClient, renamed);
    expect(queryClient.getQueryData(queryKeys.auth.me())).toEqual(renamed);
    expect(queryClient.getQueryData(queryKeys.users.detail(me._id))).toEqual({
      user: renamed,
      inscriptionObject: [],
    });
    expect(stale()).toEqual(['collegeList', 'collegeView', 'userList']);
  });
});
