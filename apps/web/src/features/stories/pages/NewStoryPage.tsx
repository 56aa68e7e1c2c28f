import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/PageTitle';
import { StoryForm } from '../components/StoryForm';
import type { ResumeWritingState } from './StoryPage';

/** /fics/nuevo, 'Nueva Fic' (spec 001 §2), students only: write a fic, save it as a draft or send it. */
export function NewStoryPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // Back after logging in again (the session had expired while writing): the copy goes straight in.
  const resume = (useLocation().state as ResumeWritingState | null)?.resumeWriting === true;
  return (
    <>
      <PageTitle title={t('storyEditor.newTitle')} />
      <StoryForm onSaved={(story) => void navigate(`/fics/${story._id}`)} restoreOnOpen={resume} />
    </>
  );
}
