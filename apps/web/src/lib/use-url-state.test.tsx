import { describe, expect, it } from 'vitest';
import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { urlParam, useUrlState, type UrlState } from './use-url-state';

const params = {
  search: urlParam.text({ maxLength: 10 }),
  collegeId: urlParam.id(),
  page: urlParam.int({ min: 1, max: 100, fallback: 1 }),
  limit: urlParam.oneOf([10, 50], 10),
};
type Values = UrlState<typeof params>;
type Setter = ReturnType<typeof useUrlState<typeof params>>[1];

/** Renders a screen at `url` using the hook, and hands back its latest values and setter. */
function renderAt(url: string) {
  const latest: { values?: Values; set?: Setter } = {};
  function Screen() {
    const [values, set] = useUrlState(params, { resetOnChange: ['page'] });
    latest.values = values;
    latest.set = set;
    return null;
  }
  const router = createMemoryRouter([{ path: '/lista', element: <Screen /> }], { initialEntries: [url] });
  render(<RouterProvider router={router} />);
  const set = (...args: Parameters<Setter>) =>
    act(async () => {
      latest.set!(...args);
    });
  return { router, latest, set, search: () => router.state.location.search };
}

describe('useUrlState', () => {
  it('reads the values in the query string, and the fallback for what is absent or unreadable', () => {
    const { latest } = renderAt('/lista?search=%20ana%20&collegeId=c-1&page=3&limit=50');
    expect(latest.values).toEqual({ search: 'ana', collegeId: 'c-1', page: 3, limit: 50 });

    const bad = renderAt('/lista?search=muy%20larga%20busqueda&collegeId=%3Cb%3E&page=0&limit=7');
    expect(bad.latest.values).toEqual({ search: '', collegeId: '', page: 1, limit: 10 });
    for (const page of ['abc', '1.5', '-2', '101', '1e2']) {
      expect(renderAt(`/lista?page=${page}`).latest.values?.page).toBe(1);
    }
  });

  it('writes changes as new history entries, leaving out fallbacks and keeping unrelated parameters', async () => {
    const { router, set, search } = renderAt('/lista?tab=2');
    await set({ page: 4 });
    expect(search()).toBe('?tab=2&page=4');
    expect(router.state.historyAction).toBe('PUSH');
    await set({ page: 1, limit: 50 });
    expect(search()).toBe('?tab=2&limit=50');
  });

  it('goes back to the first page when anything else changes', async () => {
    const { set, search, latest } = renderAt('/lista?page=5&search=ana');
    await set({ search: 'beto' });
    expect(search()).toBe('?search=beto');
    expect(latest.values?.page).toBe(1);
    // Naming the page along with the change keeps it.
    await set({ collegeId: 'c-2', page: 2 });
    expect(latest.values).toMatchObject({ collegeId: 'c-2', page: 2 });
  });

  it('adds no history entry for a change to the same values; a replace rewrites the current one', async () => {
    const { router, set, search } = renderAt('/lista?page=2');
    const before = router.state.location.key;
    await set({ page: 2, search: ' ' });
    expect(router.state.location.key).toBe(before);
    await set({ page: 3 }, { replace: true });
    expect(search()).toBe('?page=3');
    expect(router.state.historyAction).toBe('REPLACE');
  });
});
