import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import Backdrop from '@mui/material/Backdrop';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import PersonAddAlt1Outlined from '#icons/PersonAddAlt1Outlined';
import UploadFileOutlined from '#icons/UploadFileOutlined';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { userMessages, type User } from '@fics/contracts';
import { isApiError } from '../../../lib/api-client';
import { useUrlState } from '../../../lib/use-url-state';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import {
  formatCount,
  LoadMore,
  PageControls,
  useLastPageWhenPastTheEnd,
} from '../../../components/PageControls';
import { PageTitle } from '../../../components/PageTitle';
import { useToast } from '../../../components/toast';
import { refreshAfterUsersChange, useColleges, useRoles } from '../../../lib/resources';
import { useSession } from '../../auth';
import {
  downloadUsersExport,
  emptyFilters,
  useDeleteUser,
  useUserPages,
  useUsers,
  type UserFilters,
} from '../api';
import {
  hasIdFilters,
  knownFilters,
  readUsersNavigation,
  userPageSizes,
  usersUrlParams,
} from '../navigation-state';
import { UserDialog, type UserDialogTarget } from '../components/UserDialog';
import { UserFiltersBar } from '../components/UserFiltersBar';
import { useCompactUsersList, UsersTable } from '../components/UsersTable';
import { DownloadButton } from '../../../components/DownloadButton';

// An administrator's erasure of an account (issue 22.4): its code loads only when it is opened.
const EraseUserDialog = lazy(() =>
  import('../components/EraseUserDialog').then((module) => ({ default: module.EraseUserDialog })),
);

// The wizard reads spreadsheets (a heavy library): its code loads only when it is opened.
const BulkImportDialog = lazy(() =>
  import('../../bulk-import').then((module) => ({
    default: module.BulkImportDialog,
  })),
);

const sameFilters = (a: UserFilters, b: UserFilters) =>
  a.roleId === b.roleId && a.collegeId === b.collegeId && a.gradeId === b.gradeId && a.search === b.search;

const urlOptions = { resetOnChange: ['page'] } as const;

/** The same users once each: pages read at different moments can overlap after a change. */
function uniqueUsers(users: User[]): User[] {
  const seen = new Set<string>();
  return users.filter((user) => {
    if (seen.has(user._id)) {
      return false;
    }
    seen.add(user._id);
    return true;
  });
}

/**
 * Spec 000 §2 User list (/usuarios): search and filters, one page at a time (a table with page
 * controls; on phones, cards with 'Ver más'), export, bulk import, add, edit, delete. Filters,
 * search and page live in the query string (architecture.md §6.9: the list is paged by the API).
 */
export function UsersPage() {
  const { t } = useTranslation();
  const toast = useToast();
  const location = useLocation();
  const queryClient = useQueryClient();
  const { role } = useSession();
  const isAdmin = role === 'ADMIN';
  const compact = useCompactUsersList();
  const [url, setUrl] = useUrlState(usersUrlParams, urlOptions);

  // The school view opens this page preselected (and maybe with the add dialog open) through
  // navigation state: it moves into the query string at once, replacing the history entry, so a
  // reload keeps the filters and does not open the dialog again.
  const [arrival] = useState(() => readUsersNavigation(location.state));
  const [arrivalKey] = useState(location.key);
  const arriving = arrival.present && location.key === arrivalKey;
  useEffect(() => {
    if (arriving) {
      setUrl({ ...arrival.filters, page: 1 }, { replace: true });
    }
  }, [arriving, arrival, setUrl]);

  const [dialog, setDialog] = useState<UserDialogTarget | null>(
    arrival.openCreate ? { mode: 'create', preset: arrival.filters } : null,
  );
  // Kept after the confirmation closes, so its title does not change while it fades out.
  const [deleteTarget, setDeleteTarget] = useState<User | null>(null);
  const [deleteOpen, setDeleteOpen] = useState(false);
  const [eraseTarget, setEraseTarget] = useState<User | null>(null);
  const [bulkOpen, setBulkOpen] = useState(false);
  const [downloading, setDownloading] = useState(false);

  const roles = useRoles();
  const colleges = useColleges();
  const deleteUser = useDeleteUser();

  const requested: UserFilters = arriving
    ? arrival.filters
    : { roleId: url.roleId, collegeId: url.collegeId, gradeId: url.gradeId, search: url.search };
  const page = arriving ? 1 : url.page;
  const { limit } = url;
  // Ids from a link are checked against the caller's options before the list is asked for.
  const checkingIds = hasIdFilters(requested) && (roles.isPending || colleges.isPending);
  const applied = checkingIds ? requested : knownFilters(requested, roles.data, colleges.data);
  const unknownIds = !checkingIds && !sameFilters(applied, requested);
  useEffect(() => {
    if (unknownIds && !arriving) {
      const { roleId, collegeId, gradeId } = applied;
      setUrl({ roleId, collegeId, gradeId }, { replace: true });
    }
  }, [unknownIds, arriving, applied, setUrl]);

  const ready = !checkingIds && !unknownIds;
  const onePage = useUsers({ ...applied, page, limit }, { enabled: ready && !compact });
  const growing = useUserPages(applied, limit, { enabled: ready && compact });

  // A page past the end (a stale link, or the last row of the last page deleted): go to the last one.
  const shown = onePage.data;
  const replacePage = useCallback((last: number) => setUrl({ page: last }, { replace: true }), [setUrl]);
  useLastPageWhenPastTheEnd(shown, {
    enabled: !compact && !onePage.isPlaceholderData,
    goTo: replacePage,
  });

  const listTop = useRef<HTMLDivElement>(null);
  const goToPage = (next: number) => {
    setUrl({ page: next });
    // The controls are under the rows: bring the new page's first row into view (below the sticky
    // header, hence the scroll margin).
    listTop.current?.scrollIntoView?.({ block: 'start' });
  };

  const list = compact
    ? {
        users: growing.data ? uniqueUsers(growing.data.pages.flatMap((p) => p.docs)) : undefined,
        totalDocs: growing.data?.pages[0]?.totalDocs,
        isLoading: growing.isPending,
        isUpdating: growing.isPlaceholderData,
        isError: growing.isError && !growing.isFetchNextPageError,
      }
    : {
        users: shown?.docs,
        totalDocs: shown?.totalDocs,
        isLoading: onePage.isPending,
        isUpdating: onePage.isPlaceholderData,
        isError: onePage.isError,
      };

  const search = (next: UserFilters) => {
    if (sameFilters(next, applied)) {
      void (compact ? growing.refetch() : onePage.refetch());
    } else {
      setUrl(next);
    }
  };
  const clear = () => setUrl(emptyFilters);
  const filtered = hasIdFilters(applied) || applied.search !== '';

  const loadMore = async () => {
    const result = await growing.fetchNextPage();
    if (result.isFetchNextPageError) {
      toast.error(t('errors.generic'));
    }
  };

  const download = async () => {
    setDownloading(true);
    try {
      await downloadUsersExport(applied);
    } catch {
      toast.error(t('errors.generic'));
    } finally {
      setDownloading(false);
    }
  };

  // Stable, so the memoised rows do not re-render for them.
  const askEdit = useCallback((user: User) => setDialog({ mode: 'edit', user }), []);
  // Administrators delete a person through the erasure (their choices, a record); teachers delete
  // an account of their grade as before (docs/decisions/privacy.md 'Supresión').
  const askDelete = useCallback(
    (user: User) => {
      if (isAdmin) {
        setEraseTarget(user);
        return;
      }
      setDeleteTarget(user);
      setDeleteOpen(true);
    },
    [isAdmin],
  );

  const confirmDelete = async () => {
    if (!deleteTarget) {
      return;
    }
    try {
      await deleteUser.mutateAsync(deleteTarget._id);
      toast.success(userMessages.userDeleted);
    } catch (error) {
      // A 409 explains itself ('No puedes eliminar tu propia cuenta', the last administrator...).
      toast.error(isApiError(error) && error.status === 409 ? error.message : t('errors.generic'));
    } finally {
      setDeleteOpen(false);
    }
  };

  return (
    <>
      <PageTitle
        title={t('users.title')}
        actions={
          <>
            <DownloadButton
              label={t('users.download')}
              downloading={downloading}
              onClick={() => void download()}
            />
            <Button variant="outlined" startIcon={<UploadFileOutlined />} onClick={() => setBulkOpen(true)}>
              {t('users.bulkImport')}
            </Button>
            <Button
              variant="contained"
              startIcon={<PersonAddAlt1Outlined />}
              onClick={() => setDialog({ mode: 'create' })}
            >
              {t('users.add')}
            </Button>
          </>
        }
      />
      <UserFiltersBar
        showRole={isAdmin}
        roles={roles.data ?? []}
        colleges={colleges.data ?? []}
        applied={applied}
        onSearch={search}
        onSearchTextChange={(text) => setUrl({ search: text })}
        onClear={clear}
      />
      <Box ref={listTop} sx={{ minHeight: 28, mb: 1, scrollMarginTop: 88 }}>
        {list.totalDocs !== undefined && !list.isError ? (
          <Typography role="status" variant="body2" color="text.secondary">
            {t('users.total', { count: list.totalDocs, formatted: formatCount(list.totalDocs) })}
          </Typography>
        ) : null}
      </Box>
      <UsersTable
        compact={compact}
        users={list.users}
        isLoading={list.isLoading}
        isUpdating={list.isUpdating}
        isError={list.isError}
        onEdit={askEdit}
        onDelete={askDelete}
        emptyMessage={filtered ? t('users.noMatches') : undefined}
        emptyAction={
          filtered ? (
            <Button variant="outlined" onClick={clear}>
              {t('users.clearFilters')}
            </Button>
          ) : undefined
        }
        footer={
          compact ? (
            growing.data && list.users ? (
              <LoadMore
                shown={list.users.length}
                pages={growing.data.pages.length}
                totalDocs={list.totalDocs ?? 0}
                hasMore={growing.hasNextPage}
                loading={growing.isFetchingNextPage}
                onLoadMore={() => void loadMore()}
              />
            ) : null
          ) : shown ? (
            <PageControls
              page={page}
              limit={limit}
              totalDocs={shown.totalDocs}
              onPageChange={goToPage}
              limitOptions={userPageSizes}
              onLimitChange={(size) => setUrl({ limit: size })}
              label={t('users.pages')}
            />
          ) : null
        }
      />
      {dialog ? <UserDialog target={dialog} onClose={() => setDialog(null)} /> : null}
      <ConfirmDialog
        open={deleteOpen}
        title={deleteTarget ? t('users.deleteTitle', { name: deleteTarget.name }) : undefined}
        pending={deleteUser.isPending}
        onClose={() => setDeleteOpen(false)}
        onConfirm={() => void confirmDelete()}
      />
      {eraseTarget ? (
        <Suspense fallback={null}>
          <EraseUserDialog user={eraseTarget} onClose={() => setEraseTarget(null)} />
        </Suspense>
      ) : null}
      {bulkOpen ? (
        <Suspense
          fallback={
            <Backdrop open sx={{ zIndex: (theme) => theme.zIndex.modal }}>
              <CircularProgress aria-label={t('common.loading')} />
            </Backdrop>
          }
        >
          <BulkImportDialog
            open
            onClose={() => setBulkOpen(false)}
            onFinished={() => void refreshAfterUsersChange(queryClient)}
          />
        </Suspense>
      ) : null}
    </>
  );
}
