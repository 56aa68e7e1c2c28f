import { useQuery } from '@tanstack/react-query';
import type { CollegeOption } from '@fics/contracts';
import { api } from '../api-client';
import { queryKeys } from '../query-keys';

/**
 * GET /colleges/list: every school with its grades, public: the gallery's school and grade filters,
 * the registration request form and a student's change request (students may not read GET /colleges).
 * Schools change seldom; one read serves them all for a few minutes. A file of its own: the home
 * imports it with its first screen, and nothing else of the school hooks.
 */
export function useCollegeOptions({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: queryKeys.colleges.options(),
    queryFn: ({ signal }) =>
      api.get<{ colleges: CollegeOption[] }>('/colleges/list', { signal }).then((body) => body.colleges),
    staleTime: 5 * 60_000,
    enabled,
  });
}
