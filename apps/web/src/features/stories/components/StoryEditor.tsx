import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { Story } from '@fics/contracts';
import { PageLoader } from '../../../components/PageLoader';
import { PageTitle } from '../../../components/PageTitle';
import { EditorNotesFrame } from './StoryNotesFrame';

// The editor (Quill, cropper, map) loads only when someone edits: readers never download it.
const StoryForm = lazy(() => import('./StoryForm').then((m) => ({ default: m.StoryForm })));

/**
 * A fic in edit mode, on the fic page and the review page: 'Editar fic' and the form, loaded the
 * first time someone edits. The form says 'Fic actualizada exitosamente' itself and puts the saved
 * fic in the cache, so the page shows it as it is now; `onClose` returns to reading. The fic's notes
 * on passages sit beside it for who may see them (the author correcting).
 */
export function StoryEditor({
  story,
  onClose,
  restoreOnOpen,
}: {
  story: Story;
  onClose: () => void;
  /** The writer chose to recover this fic's unsaved copy: the form opens with it (issue 18.7). */
  restoreOnOpen?: boolean;
}) {
  const { t } = useTranslation();
  const saved = () => {
    onClose();
    window.scrollTo({ top: 0 });
  };
  return (
    <>
      <PageTitle title={t('stories.editTitle')} />
      <EditorNotesFrame story={story}>
        <Suspense fallback={<PageLoader />}>
          <StoryForm story={story} onSaved={saved} onCancel={onClose} restoreOnOpen={restoreOnOpen} />
        </Suspense>
      </EditorNotesFrame>
    </>
  );
}
