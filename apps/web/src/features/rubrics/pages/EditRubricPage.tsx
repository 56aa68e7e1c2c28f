import Button from '@mui/material/Button';
import SearchOffOutlined from '#icons/SearchOffOutlined';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { rubricMessages } from '@fics/contracts';
import { EmptyState } from '../../../components/EmptyState';
import { PageLoader } from '../../../components/PageLoader';
import { PageTitle } from '../../../components/PageTitle';
import { isApiError } from '../../../lib/api-client';
import { useSession } from '../../auth';
import { useRubric } from '../api';
import { RubricEditor } from '../components/RubricEditor';
import { RubricTemplateColleges } from '../components/RubricTemplateColleges';
import { LoadFailedState } from '../../../components/LoadFailedState';

/**
 * /rubricas/:id/actualizar (TEACHER and ADMIN, spec 001 §2 Rubric editor): the caller's rubric in the
 * editor. The API answers 404 for a rubric that does not exist or is someone else's. An administrator
 * also chooses here the schools it is a template of (issue 20.4).
 */
export function EditRubricPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const rubric = useRubric(id);
  const { role } = useSession();

  let content;
  if (rubric.isPending) {
    content = <PageLoader />;
  } else if (rubric.isError) {
    const missing = isApiError(rubric.error) && [400, 403, 404].includes(rubric.error.status);
    content = missing ? (
      <EmptyState
        icon={<SearchOffOutlined fontSize="inherit" />}
        message={rubricMessages.notFound}
        action={
          <Button variant="contained" component={RouterLink} to="/rubricas">
            {t('rubrics.backToList')}
          </Button>
        }
      />
    ) : (
      <LoadFailedState framed={false} onRetry={() => void rubric.refetch()} />
    );
  } else {
    // Keyed by rubric: another rubric's page starts a fresh form.
    content = (
      <>
        <RubricEditor key={rubric.data._id} rubric={rubric.data} onSaved={() => void navigate('/rubricas')} />
        {role === 'ADMIN' ? <RubricTemplateColleges rubricId={rubric.data._id} /> : null}
      </>
    );
  }

  return (
    <>
      <PageTitle title={t('rubrics.editTitle')} />
      {content}
    </>
  );
}
