import { useState } from 'react';
import Box from '@mui/material/Box';
import { useLocation, useParams } from 'react-router';
import type { Story } from '@fics/contracts';
import { UnderReviewChip } from '../../moderation';
import { PersonalChip } from '../components/PersonalChip';
import { StoryComments, StorySocialBar } from '../../social';
import { EditingBanner } from '../components/EditingBanner';
import { LazyEvaluationDrawer } from '../components/LazyEvaluationDrawer';
import { StoryArticle } from '../components/StoryArticle';
import { StoryActions } from '../components/StoryActions';
import { StoryEditor } from '../components/StoryEditor';
import { StoryLoader } from '../components/StoryLoader';
import { pageWidth, StoryNotesFrame } from '../components/StoryNotesFrame';
import { UnsavedWorkNotice } from '../components/UnsavedWorkNotice';

/**
 * /fics/:storyId (spec 001 §2 Story detail), public: anyone may open the link, and the API answers
 * 404 for a fic the caller may not see, which reads as a clear "does not exist". Shows the cover,
 * title, author and date, length, tags and body; 'FIC EN EDICIÓN' while unpublished; and the
 * actions the server allows (story.permissions): edit, send for review, read the evaluation in the
 * drawer, 'Corregir fic', publish, delete. A published fic adds its likes, share and comments
 * (features/social).
 */
export function StoryPage() {
  const { storyId = '' } = useParams();
  // Keyed by fic, so moving to another fic leaves edit mode and closes the dialogs.
  return (
    <StoryLoader storyId={storyId}>{(story) => <StoryScreen key={story._id} story={story} />}</StoryLoader>
  );
}

/** Location state that opens the fic in edit mode with its unsaved copy (UnsavedWorkResume). */
export interface ResumeWritingState {
  resumeWriting?: boolean;
}

function StoryScreen({ story }: { story: Story }) {
  // Back after logging in again with this fic's writing kept: straight into it.
  const resume = (useLocation().state as ResumeWritingState | null)?.resumeWriting === true;
  // 'edit' opens the editor (which offers a copy it finds); 'restore' opens it with the copy in it.
  const [editing, setEditing] = useState<false | 'edit' | 'restore'>(resume ? 'restore' : false);
  const [evaluationOpen, setEvaluationOpen] = useState(false);

  const banner =
    story.publicationStatus !== 'PUBLISHED' ? <EditingBanner status={story.publicationStatus} /> : null;

  if (editing && story.permissions.canEdit) {
    return (
      <>
        {banner}
        <StoryEditor story={story} onClose={() => setEditing(false)} restoreOnOpen={editing === 'restore'} />
      </>
    );
  }

  return (
    <Box sx={{ maxWidth: pageWidth(story), mx: 'auto' }}>
      {banner}
      {story.permissions.canEdit ? (
        <UnsavedWorkNotice story={story} onRestore={() => setEditing('restore')} />
      ) : null}
      <StoryNotesFrame story={story}>
        <StoryArticle
          story={story}
          actions={
            <>
              {/* Hidden for review: only its author, the grade's teachers and administrators see it (issue 21.2). */}
              <UnderReviewChip flag={story.moderation} />
              <PersonalChip personal={story.personal} />
              <StoryActions
                story={story}
                onEdit={() => setEditing('edit')}
                onViewEvaluation={() => setEvaluationOpen(true)}
              />
            </>
          }
          footer={story.publicationStatus === 'PUBLISHED' ? <StorySocialBar story={story} /> : null}
        />
      </StoryNotesFrame>
      <StoryComments story={story} />
      <LazyEvaluationDrawer story={story} open={evaluationOpen} onClose={() => setEvaluationOpen(false)} />
    </Box>
  );
}
