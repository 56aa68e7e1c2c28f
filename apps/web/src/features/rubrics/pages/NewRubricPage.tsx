import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/PageTitle';
import { RubricEditor } from '../components/RubricEditor';

/** /rubricas/nuevo (TEACHER, spec 001 §2 Rubric editor): a new rubric from the default grid of §9. */
export function NewRubricPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <>
      <PageTitle title={t('rubrics.newTitle')} />
      <RubricEditor onSaved={() => void navigate('/rubricas')} />
    </>
  );
}
