import { useState } from 'react';
import Button from '@mui/material/Button';
import AddIcon from '#icons/Add';
import { useTranslation } from 'react-i18next';
import { collegeMessages, type College } from '@fics/contracts';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { EmptyState } from '../../../components/EmptyState';
import { FormError } from '../../../components/FormError';
import { PageLoader } from '../../../components/PageLoader';
import { PageTitle } from '../../../components/PageTitle';
import { useToast } from '../../../components/toast';
import { isApiError } from '../../../lib/api-client';
import { useColleges } from '../../../lib/resources';
import { downloadCollegesExport, useDeleteCollege } from '../api';
import { CollegeFormDialog } from '../components/CollegeFormDialog';
import { CollegesTable } from '../components/CollegesTable';
import { DownloadButton } from '../../../components/DownloadButton';
import { LoadFailedState } from '../../../components/LoadFailedState';

/** /escuelas (ADMIN): the school list with export, create, edit and delete (spec 000 §2 Schools). */
export function CollegesPage() {
  const { t } = useTranslation();
  const toast = useToast();
  const colleges = useColleges();
  const remove = useDeleteCollege();
  const [formOpen, setFormOpen] = useState(false);
  const [editing, setEditing] = useState<College | null>(null);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [deleting, setDeleting] = useState<College | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [downloading, setDownloading] = useState(false);

  const openForm = (college: College | null) => {
    setEditing(college);
    setFormOpen(true);
  };

  const confirmDelete = async () => {
    if (!deleting) {
      return;
    }
    setProblem(null);
    try {
      await remove.mutateAsync(deleting._id);
      toast.success(collegeMessages.deleted);
    } catch (error) {
      // A school still in use (409) or already gone (404): the server says which, in Spanish.
      if (isApiError(error) && (error.status === 409 || error.status === 404)) {
        setProblem(error.message);
      } else {
        toast.error(t('errors.generic'));
        setProblem(t('errors.genericInline'));
      }
    }
    setConfirmOpen(false);
  };

  const download = async () => {
    setDownloading(true);
    try {
      await downloadCollegesExport();
    } catch {
      toast.error(t('errors.generic'));
    } finally {
      setDownloading(false);
    }
  };

  let content;
  if (colleges.isPending) {
    content = <PageLoader />;
  } else if (colleges.isError) {
    content = <LoadFailedState framed={false} onRetry={() => void colleges.refetch()} />;
  } else if (colleges.data.length === 0) {
    content = <EmptyState message={t('colleges.noResults')} />;
  } else {
    content = (
      <CollegesTable
        colleges={colleges.data}
        onEdit={openForm}
        onDelete={(college) => {
          setDeleting(college);
          setConfirmOpen(true);
        }}
      />
    );
  }

  return (
    <>
      <PageTitle
        title={t('colleges.title')}
        actions={
          <>
            <DownloadButton
              label={t('colleges.download')}
              downloading={downloading}
              onClick={() => void download()}
            />
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => openForm(null)}>
              {t('colleges.add')}
            </Button>
          </>
        }
      />
      <FormError message={problem} onClose={() => setProblem(null)} sx={{ mb: 2 }} />
      {content}
      <CollegeFormDialog open={formOpen} college={editing} onClose={() => setFormOpen(false)} />
      <ConfirmDialog
        open={confirmOpen}
        onClose={() => setConfirmOpen(false)}
        onConfirm={() => void confirmDelete()}
        pending={remove.isPending}
      />
    </>
  );
}
