import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { maxPage, reviewStoriesPaging } from '@fics/contracts';
import { PageTitle } from '../../../components/PageTitle';
import { urlParam, useUrlState } from '../../../lib/use-url-state';
import { usePublishedStories } from '../api';
import { ReviewListScreen, reviewPageSizes } from '../components/ReviewListScreen';

/** Page and size in the query string (/fics/publicadas?page=2&limit=50). */
const urlParams = {
  page: urlParam.int({ min: 1, max: maxPage, fallback: 1 }),
  limit: urlParam.oneOf<number>(reviewPageSizes, reviewStoriesPaging.defaultLimit),
};
const urlOptions = { resetOnChange: ['page'] } as const;

/**
 * /fics/publicadas (TEACHER, spec 001 §2 Fics Publicados): the published fics of the teacher's
 * grades, newest first, one page at a time; view opens the fic, delete is offered to its evaluator.
 */
export function PublishedStoriesPage() {
  const { t } = useTranslation();
  const [url, setUrl] = useUrlState(urlParams, urlOptions);
  const { page, limit } = url;
  const stories = usePublishedStories({ page, limit });

  const changePage = useCallback(
    (next: number, options?: { replace?: boolean }) => setUrl({ page: next }, options),
    [setUrl],
  );

  return (
    <>
      <PageTitle title={t('review.publishedTitle')} />
      <ReviewListScreen
        kind="published"
        page={page}
        limit={limit}
        list={stories}
        onPageChange={changePage}
        onLimitChange={(size) => setUrl({ limit: size })}
      />
    </>
  );
}
