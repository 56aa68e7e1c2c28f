import { useCallback } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { College, Grade } from '@fics/contracts';
import { api } from '../api-client';
import { queryKeys } from '../query-keys';

function fetchColleges(signal: AbortSignal): Promise<College[]> {
  return api.get<{ colleges: College[] }>('/colleges', { signal }).then((body) => body.colleges);
}

/**
 * GET /colleges: every school for an administrator, a teacher's own schools with only their grades.
 * One cache entry serves the schools screen, the user list's filters and dialogs and the bulk import;
 * every change to schools, grades or users refreshes it (see ./refresh.ts).
 */
export function useColleges({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: queryKeys.colleges.list(),
    queryFn: ({ signal }) => fetchColleges(signal),
    enabled,
  });
}

const noGrades: Grade[] = [];

/**
 * The grades of one school the caller may use, read from the same GET /colleges answer (each school
 * comes with them): no request of its own, and always in step with the school list. An unknown or
 * empty `collegeId` has none.
 */
export function useCollegeGrades(collegeId: string) {
  const select = useCallback(
    (colleges: College[]) => colleges.find((college) => college._id === collegeId)?.grades ?? noGrades,
    [collegeId],
  );
  return useQuery({
    queryKey: queryKeys.colleges.list(),
    queryFn: ({ signal }) => fetchColleges(signal),
    select,
  });
}
