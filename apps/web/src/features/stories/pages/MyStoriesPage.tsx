import { useCallback, useRef } from 'react';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import AddOutlined from '#icons/AddOutlined';
import HistoryEduOutlined from '#icons/HistoryEduOutlined';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { maxPage, studentStoriesPaging } from '@fics/contracts';
import { EmptyState } from '../../../components/EmptyState';
import {
  formatCount,
  ListTotal,
  PageControls,
  useLastPageWhenPastTheEnd,
} from '../../../components/PageControls';
import { PageTitle } from '../../../components/PageTitle';
import { urlParam, useUrlState } from '../../../lib/use-url-state';
import { useStudentStories } from '../api';
import { MyStoriesList, useCompactStoriesList } from '../components/MyStoriesList';
import { LoadFailedState } from '../../../components/LoadFailedState';

/** Page sizes offered under the table; the API's default first. */
const pageSizes = [studentStoriesPaging.defaultLimit, 50, studentStoriesPaging.maxLimit] as const;

/** Page and size in the query string (/mis-fics?page=2&limit=50): reload and back keep them. */
const urlParams = {
  page: urlParam.int({ min: 1, max: maxPage, fallback: 1 }),
  limit: urlParam.oneOf<number>(pageSizes, studentStoriesPaging.defaultLimit),
};
const urlOptions = { resetOnChange: ['page'] } as const;

/**
 * /mis-fics (STUDENT, spec 001 §2 Own fics): the student's fics, newest first, one page at a time
 * (architecture.md §6.9), with their status label and date; 'Añadir' opens the editor, a row's view
 * action the fic. A table, or cards on phones.
 */
export function MyStoriesPage() {
  const { t } = useTranslation();
  const compact = useCompactStoriesList();
  const [url, setUrl] = useUrlState(urlParams, urlOptions);
  const { page, limit } = url;
  const stories = useStudentStories({ page, limit });
  const shown = stories.data;

  // A page past the end (a stale link, or fics deleted since): go to the last one.
  const replacePage = useCallback((last: number) => setUrl({ page: last }, { replace: true }), [setUrl]);
  useLastPageWhenPastTheEnd(shown, { enabled: !stories.isPlaceholderData, goTo: replacePage });

  const listTop = useRef<HTMLDivElement>(null);
  const goToPage = (next: number) => {
    setUrl({ page: next });
    // The controls are under the rows: bring the new page's first row into view, below the sticky header.
    listTop.current?.scrollIntoView?.({ block: 'start' });
  };

  const addButton = (label: string) => (
    <Button variant="contained" component={RouterLink} to="/fics/nuevo" startIcon={<AddOutlined />}>
      {label}
    </Button>
  );

  let content;
  if (stories.isError) {
    content = <LoadFailedState onRetry={() => void stories.refetch()} />;
  } else if (shown && shown.totalDocs === 0) {
    content = (
      <Paper variant="outlined">
        <EmptyState
          icon={<HistoryEduOutlined fontSize="inherit" />}
          message={t('common.nothingToShow')}
          action={addButton(t('stories.emptyAction'))}
        />
      </Paper>
    );
  } else {
    content = (
      <MyStoriesList
        stories={shown?.docs}
        isLoading={stories.isPending}
        isUpdating={stories.isPlaceholderData}
        compact={compact}
        footer={
          shown ? (
            <PageControls
              page={page}
              limit={limit}
              totalDocs={shown.totalDocs}
              onPageChange={goToPage}
              // Phones keep the size they have: the choice does not fit beside the arrows.
              limitOptions={compact ? undefined : pageSizes}
              onLimitChange={(size) => setUrl({ limit: size })}
              label={t('stories.pages')}
            />
          ) : null
        }
      />
    );
  }

  return (
    <>
      <PageTitle title={t('stories.myStoriesTitle')} actions={addButton(t('stories.add'))} />
      <ListTotal
        ref={listTop}
        text={
          shown && !stories.isError && shown.totalDocs > 0
            ? t('stories.total', { count: shown.totalDocs, formatted: formatCount(shown.totalDocs) })
            : null
        }
      />
      {content}
    </>
  );
}
