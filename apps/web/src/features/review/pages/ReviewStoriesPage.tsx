import { useCallback } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { maxPage, reviewStoriesPaging, storyStatusLabels } from '@fics/contracts';
import { PageTitle } from '../../../components/PageTitle';
import { urlParam, useUrlState } from '../../../lib/use-url-state';
import { useReviewStories } from '../api';
import { ReviewListScreen, reviewPageSizes } from '../components/ReviewListScreen';

/** The statuses a fic to review may have, the filter's choices ('' is every one). */
const reviewStatuses = ['REVIEWING', 'EVALUATED'] as const;

/** Page, size and status filter in the query string (/fics/revision?status=REVIEWING&page=2). */
const urlParams = {
  page: urlParam.int({ min: 1, max: maxPage, fallback: 1 }),
  limit: urlParam.oneOf<number>(reviewPageSizes, reviewStoriesPaging.defaultLimit),
  status: urlParam.oneOf<'' | (typeof reviewStatuses)[number]>(['', ...reviewStatuses], ''),
};
const urlOptions = { resetOnChange: ['page'] } as const;

// The unset filter reads 'Todos' instead of an empty box.
const showAll = { select: { displayEmpty: true }, inputLabel: { shrink: true } } as const;

/**
 * /fics/revision (TEACHER, spec 001 §2 Fics para Revisión): the sent and evaluated fics of the
 * teacher's grades, latest activity first, one page at a time, optionally of one status; 'Corregir
 * fic' opens the review page, delete is offered to the evaluating teacher.
 */
export function ReviewStoriesPage() {
  const { t } = useTranslation();
  const [url, setUrl] = useUrlState(urlParams, urlOptions);
  const { page, limit, status } = url;
  const stories = useReviewStories({ page, limit, status: status === '' ? undefined : status });

  const changePage = useCallback(
    (next: number, options?: { replace?: boolean }) => setUrl({ page: next }, options),
    [setUrl],
  );

  return (
    <>
      <PageTitle title={t('review.reviewTitle')} />
      <ReviewListScreen
        kind="review"
        page={page}
        limit={limit}
        list={stories}
        onPageChange={changePage}
        onLimitChange={(size) => setUrl({ limit: size })}
        toolbar={
          <Box sx={{ mb: 2 }}>
            <TextField
              select
              size="small"
              slotProps={showAll}
              label={t('review.statusFilter')}
              value={status}
              onChange={(event) => setUrl({ status: event.target.value as typeof status })}
              sx={{ width: { xs: '100%', sm: 280 } }}
            >
              <MenuItem value="">{t('review.allStatuses')}</MenuItem>
              {reviewStatuses.map((value) => (
                <MenuItem key={value} value={value}>
                  {storyStatusLabels[value]}
                </MenuItem>
              ))}
            </TextField>
          </Box>
        }
        emptyAction={
          status === '' ? undefined : (
            <Button variant="outlined" onClick={() => setUrl({ status: '' })}>
              {t('review.showAll')}
            </Button>
          )
        }
      />
    </>
  );
}
