import { useCallback, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import AddOutlined from '#icons/AddOutlined';
import TableChartOutlined from '#icons/TableChartOutlined';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { maxPage, myRubricsPaging, rubricMessages, type Rubric } from '@fics/contracts';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { EmptyState } from '../../../components/EmptyState';
import {
  formatCount,
  ListTotal,
  PageControls,
  useLastPageWhenPastTheEnd,
} from '../../../components/PageControls';
import { PageTitle } from '../../../components/PageTitle';
import { selectedTabSx } from '../../../components/tab-styles';
import { useToast } from '../../../components/toast';
import { isApiError } from '../../../lib/api-client';
import { urlParam, useUrlState } from '../../../lib/use-url-state';
import { useDeleteRubric, useMyRubrics } from '../api';
import { RubricsList, useCompactRubricsList } from '../components/RubricsList';
import { RubricTemplatesPanel } from '../components/RubricTemplatesPanel';
import { LoadFailedState } from '../../../components/LoadFailedState';

/** Page sizes offered under the table; the API's default first. */
const pageSizes = [myRubricsPaging.defaultLimit, 50, myRubricsPaging.maxLimit] as const;

const tabs = ['mias', 'plantillas'] as const;
type RubricsTab = (typeof tabs)[number];

/**
 * Tab, page and size in the query string (/rubricas?page=2&limit=50, /rubricas?tab=plantillas):
 * reload and back keep them.
 */
const urlParams = {
  tab: urlParam.oneOf(tabs, 'mias'),
  page: urlParam.int({ min: 1, max: maxPage, fallback: 1 }),
  limit: urlParam.oneOf<number>(pageSizes, myRubricsPaging.defaultLimit),
};

/** The brand blue is too light for text on white: the open tab's label uses its dark shade. */
const tabId = (value: RubricsTab) => `rubrics-tab-${value}`;
const panelId = (value: RubricsTab) => `rubrics-panel-${value}`;
const urlOptions = { resetOnChange: ['page'] } as const;

/**
 * /rubricas (TEACHER and ADMIN, spec 001 §2 Mis Rúbricas): the caller's rubrics, newest first, one
 * page at a time; each opens to a preview of its grid; 'Añadir' opens the editor, a row's actions edit
 * or delete it (after the spec's confirmation). A table, or cards on phones. The 'Plantillas' tab
 * (issue 20.4) lists the templates of the caller's schools, to copy.
 */
export function MyRubricsPage() {
  const { t } = useTranslation();
  const toast = useToast();
  const compact = useCompactRubricsList();
  const [url, setUrl] = useUrlState(urlParams, urlOptions);
  const { tab, page, limit } = url;
  const rubrics = useMyRubrics({ page, limit }, { enabled: tab === 'mias' });
  const shown = rubrics.data;
  const deleteRubric = useDeleteRubric();
  // Kept after the confirmation closes, so its title does not change while it fades out.
  const [deleteTarget, setDeleteTarget] = useState<Rubric | null>(null);
  const [deleteOpen, setDeleteOpen] = useState(false);

  // A page past the end (a stale link, or the last rubric of the last page deleted): go to the last one.
  const replacePage = useCallback((last: number) => setUrl({ page: last }, { replace: true }), [setUrl]);
  useLastPageWhenPastTheEnd(shown, {
    enabled: tab === 'mias' && !rubrics.isPlaceholderData,
    goTo: replacePage,
  });

  const listTop = useRef<HTMLDivElement>(null);
  const goToPage = (next: number) => {
    setUrl({ page: next });
    // The controls are under the rows: bring the new page's first row into view, below the sticky header.
    listTop.current?.scrollIntoView?.({ block: 'start' });
  };

  // Stable, so the memoised rows do not re-render for it.
  const askDelete = useCallback((rubric: Rubric) => {
    setDeleteTarget(rubric);
    setDeleteOpen(true);
  }, []);

  const confirmDelete = async () => {
    if (!deleteTarget) {
      return;
    }
    try {
      await deleteRubric.mutateAsync(deleteTarget._id);
      toast.success(rubricMessages.deleted);
    } catch (error) {
      if (isApiError(error) && error.status === 404) {
        // Already gone (another tab): say so and show the list as it is.
        toast.error(rubricMessages.notFound);
        void rubrics.refetch();
      } else {
        toast.error(t('errors.generic'));
      }
    } finally {
      setDeleteOpen(false);
    }
  };

  const addButton = (label: string) => (
    <Button variant="contained" component={RouterLink} to="/rubricas/nuevo" startIcon={<AddOutlined />}>
      {label}
    </Button>
  );

  let content;
  if (rubrics.isError) {
    content = <LoadFailedState onRetry={() => void rubrics.refetch()} />;
  } else if (shown && shown.totalDocs === 0) {
    content = (
      <Paper variant="outlined">
        <EmptyState
          icon={<TableChartOutlined fontSize="inherit" />}
          message={rubricMessages.empty}
          action={addButton(t('rubrics.emptyAction'))}
        />
      </Paper>
    );
  } else {
    content = (
      <RubricsList
        rubrics={shown?.docs}
        isLoading={rubrics.isPending}
        isUpdating={rubrics.isPlaceholderData}
        compact={compact}
        onDelete={askDelete}
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
              label={t('rubrics.pages')}
            />
          ) : null
        }
      />
    );
  }

  return (
    <>
      <PageTitle title={t('rubrics.myRubricsTitle')} actions={addButton(t('rubrics.add'))} />
      <Tabs
        value={tab}
        onChange={(_event, value: RubricsTab) => setUrl({ tab: value, page: 1 })}
        aria-label={t('rubrics.tabsLabel')}
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
      >
        {tabs.map((value) => (
          <Tab
            key={value}
            sx={selectedTabSx}
            value={value}
            label={t(value === 'mias' ? 'rubrics.mineTab' : 'rubrics.templatesTab')}
            id={tabId(value)}
            aria-controls={panelId(value)}
          />
        ))}
      </Tabs>
      <Box role="tabpanel" id={panelId(tab)} aria-labelledby={tabId(tab)}>
        {tab === 'plantillas' ? (
          <RubricTemplatesPanel />
        ) : (
          <>
            <ListTotal
              ref={listTop}
              text={
                shown && !rubrics.isError && shown.totalDocs > 0
                  ? t('rubrics.total', { count: shown.totalDocs, formatted: formatCount(shown.totalDocs) })
                  : null
              }
            />
            {content}
          </>
        )}
      </Box>
      <ConfirmDialog
        open={deleteOpen}
        title={deleteTarget ? t('rubrics.deleteTitle', { title: deleteTarget.title }) : undefined}
        pending={deleteRubric.isPending}
        onClose={() => setDeleteOpen(false)}
        onConfirm={() => void confirmDelete()}
      />
    </>
  );
}
