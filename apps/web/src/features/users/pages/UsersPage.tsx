import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import Backdrop from '@mui/material/Backdrop';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import PersonAddAlt1Outlined from '@mui/icons-material/PersonAddAlt1Outlined';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { userMessages, type User } from '@fics/contracts';
import { isApiError } from '../../../lib/api-client';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { PageTitle } from '../../../components/PageTitle';
import { useToast } from '../../../components/toast';
import { useSession } from '../../auth/api';
import {
  downloadUsersExport,
  emptyFilters,
  useCollegeOptions,
  useDeleteUser,
  useRoles,
  useUsers,
  usersKeys,
  type UserFilters,
} from '../api';
import { readUsersNavigation } from '../navigation-state';
import { UserDialog, type UserDialogTarget } from '../components/UserDialog';
import { UserFiltersBar } from '../components/UserFiltersBar';
import { UsersTable } from '../components/UsersTable';
import { DownloadButton } from '../../../components/DownloadButton';

// The wizard reads spreadsheets (a heavy library): its code loads only when it is opened.
const BulkImportDialog = lazy(() =>
  import('../../bulk-import/components/BulkImportDialog').then((module) => ({
    default: module.BulkImportDialog,
  })),
);

const sameFilters = (a: UserFilters, b: UserFilters) =>
  a.roleId === b.roleId && a.collegeId === b.collegeId && a.gradeId === b.gradeId;

/** Spec 000 §2 User list (/usuarios): filters, table, export, bulk import, add, edit, delete. */
export function UsersPage() {
  const { t } = useTranslation();
  const toast = useToast();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { role } = useSession();
  const isAdmin = role === 'ADMIN';

  // The school view opens this page preselected (and maybe with the add dialog open).
  const [arrival] = useState(() => readUsersNavigation(location.state));
  const [filters, setFilters] = useState<UserFilters>(arrival.filters);
  const [dialog, setDialog] = useState<UserDialogTarget | null>(
    arrival.openCreate ? { mode: 'create', preset: arrival.filters } : null,
  );
  // Kept after the confirmation closes, so its title does not change while it fades out.
  const [deleteTarget, setDeleteTarget] = useState<User | null>(null);
  const [deleteOpen, setDeleteOpen] = useState(false);
  const [bulkOpen, setBulkOpen] = useState(false);
  const [downloading, setDownloading] = useState(false);

  const arrivalHandled = useRef(false);
  useEffect(() => {
    if (arrival.openCreate && !arrivalHandled.current) {
      arrivalHandled.current = true;
      // A reload must not open the dialog again; the filters stay in the history entry.
      const { roleId, collegeId, gradeId } = arrival.filters;
      void navigate(location.pathname, { replace: true, state: { roleId, collegeId, gradeId } });
    }
  }, [arrival, navigate, location.pathname]);

  const users = useUsers(filters);
  const roles = useRoles();
  const colleges = useCollegeOptions();
  const deleteUser = useDeleteUser();

  const search = (next: UserFilters) => {
    if (sameFilters(next, filters)) {
      void users.refetch();
    } else {
      setFilters(next);
    }
  };

  const download = async () => {
    setDownloading(true);
    try {
      await downloadUsersExport(filters);
    } catch {
      toast.error(t('errors.generic'));
    } finally {
      setDownloading(false);
    }
  };

  const askDelete = (user: User) => {
    setDeleteTarget(user);
    setDeleteOpen(true);
  };

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
        initial={arrival.filters}
        onSearch={search}
        onClear={() => setFilters(emptyFilters)}
      />
      <UsersTable
        users={users.data}
        isLoading={users.isPending}
        isError={users.isError}
        onEdit={(user) => setDialog({ mode: 'edit', user })}
        onDelete={askDelete}
      />
      {dialog ? <UserDialog target={dialog} onClose={() => setDialog(null)} /> : null}
      <ConfirmDialog
        open={deleteOpen}
        title={deleteTarget ? t('users.deleteTitle', { name: deleteTarget.name }) : undefined}
        pending={deleteUser.isPending}
        onClose={() => setDeleteOpen(false)}
        onConfirm={() => void confirmDelete()}
      />
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
            onFinished={() => void queryClient.invalidateQueries({ queryKey: usersKeys.all })}
          />
        </Suspense>
      ) : null}
    </>
  );
}
