import { useState } from 'react';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import ArrowBack from '#icons/ArrowBack';
import SearchOffOutlined from '#icons/SearchOffOutlined';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { collegeMessages, gradeMessages, type CollegeDetail, type GradeDetail } from '@fics/contracts';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { EmptyState } from '../../../components/EmptyState';
import { FormError } from '../../../components/FormError';
import { PageTitle } from '../../../components/PageTitle';
import { useToast } from '../../../components/toast';
import { isApiError } from '../../../lib/api-client';
import { useCollege, useDeleteGrade } from '../api';
import { GradeCard, GradeCardsSkeleton, GradeGrid, NewGradeCard } from '../components/GradeCards';
import { GradeDetailDialog } from '../components/GradeDetailDialog';
import { GradeFormDialog } from '../components/GradeFormDialog';
import { LoadFailedState } from '../../../components/LoadFailedState';

/** /escuelas/:collegeId (ADMIN): the school's name and its grade cards (spec 000 §2 School view). */
export function CollegePage() {
  const { collegeId = '' } = useParams();
  const { t } = useTranslation();
  const college = useCollege(collegeId);

  const backLink = (
    <Button component={Link} to="/escuelas" startIcon={<ArrowBack />} sx={{ mb: 1, ml: -1 }}>
      {t('colleges.back')}
    </Button>
  );

  if (college.isPending) {
    return (
      <>
        {backLink}
        <Skeleton variant="text" width="min(420px, 80%)" sx={{ fontSize: '2rem', mb: 3 }} />
        <GradeCardsSkeleton />
      </>
    );
  }
  if (college.isError) {
    // An unknown or malformed id: the school does not exist (any more).
    const missing =
      isApiError(college.error) && (college.error.status === 404 || college.error.status === 400);
    return missing ? (
      <EmptyState
        icon={<SearchOffOutlined fontSize="inherit" />}
        message={t('colleges.notFound')}
        action={
          <Button variant="contained" component={Link} to="/escuelas" startIcon={<ArrowBack />}>
            {t('colleges.back')}
          </Button>
        }
      />
    ) : (
      <>
        {backLink}
        <LoadFailedState framed={false} onRetry={() => void college.refetch()} />
      </>
    );
  }
  return (
    <>
      {backLink}
      <CollegeView college={college.data} />
    </>
  );
}

function CollegeView({ college }: { college: CollegeDetail }) {
  const { t } = useTranslation();
  const toast = useToast();
  const remove = useDeleteGrade(college._id);
  const [formOpen, setFormOpen] = useState(false);
  const [editing, setEditing] = useState<GradeDetail | null>(null);
  const [detailOpen, setDetailOpen] = useState(false);
  const [detailId, setDetailId] = useState<string | null>(null);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [deleting, setDeleting] = useState<GradeDetail | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  // Looked up on each render so the dialog shows the counts of the latest fetch.
  const detail = college.grades.find((g) => g._id === detailId) ?? null;
  const place = (value: string | null) => value ?? collegeMessages.unspecified;

  const openForm = (grade: GradeDetail | null) => {
    setEditing(grade);
    setFormOpen(true);
  };

  const confirmDelete = async () => {
    if (!deleting) {
      return;
    }
    setProblem(null);
    try {
      await remove.mutateAsync(deleting._id);
      toast.success(gradeMessages.deleted);
    } catch (error) {
      // A grade with users or fics (409) or already gone (404): the server says which, in Spanish.
      if (isApiError(error) && (error.status === 409 || error.status === 404)) {
        setProblem(error.message);
      } else {
        toast.error(t('errors.generic'));
        setProblem(t('errors.genericInline'));
      }
    }
    setConfirmOpen(false);
  };

  return (
    <>
      <PageTitle title={college.name} />
      <Typography color="text.secondary" sx={{ mt: -2, mb: 3 }}>
        {t('colleges.region')}: {place(college.region)} · {t('colleges.zone')}: {place(college.zone)}
      </Typography>
      <FormError message={problem} onClose={() => setProblem(null)} sx={{ mb: 2 }} />
      <Typography variant="h2" component="h2" sx={{ fontSize: '1.35rem', mb: 2 }}>
        {t('colleges.gradesTitle')}
      </Typography>
      <GradeGrid label={t('colleges.gradesTitle')}>
        <NewGradeCard onClick={() => openForm(null)} />
        {college.grades.map((grade) => (
          <GradeCard
            key={grade._id}
            grade={grade}
            onOpen={() => {
              setDetailId(grade._id);
              setDetailOpen(true);
            }}
            onEdit={() => openForm(grade)}
            onDelete={() => {
              setDeleting(grade);
              setConfirmOpen(true);
            }}
          />
        ))}
      </GradeGrid>
      <GradeFormDialog
        open={formOpen}
        collegeId={college._id}
        grade={editing}
        onClose={() => setFormOpen(false)}
      />
      <GradeDetailDialog
        open={detailOpen && detail !== null}
        collegeId={college._id}
        grade={detail}
        onClose={() => setDetailOpen(false)}
      />
      <ConfirmDialog
        open={confirmOpen}
        onClose={() => setConfirmOpen(false)}
        onConfirm={() => void confirmDelete()}
        pending={remove.isPending}
      />
    </>
  );
}
