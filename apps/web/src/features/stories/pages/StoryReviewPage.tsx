import { useState } from 'react';
import Box from '@mui/material/Box';
import Fab from '@mui/material/Fab';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import FactCheckOutlined from '#icons/FactCheckOutlined';
import RateReviewOutlined from '#icons/RateReviewOutlined';
import { useLocation, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Story } from '@fics/contracts';
import { EditingBanner } from '../components/EditingBanner';
import { LazyEvaluationDrawer } from '../components/LazyEvaluationDrawer';
import { PersonalChip } from '../components/PersonalChip';
import { StoryArticle } from '../components/StoryArticle';
import { StoryActions } from '../components/StoryActions';
import { StoryEditor } from '../components/StoryEditor';
import { StoryLoader } from '../components/StoryLoader';
import { pageWidth, StoryNotesFrame } from '../components/StoryNotesFrame';
import { UnsavedWorkNotice } from '../components/UnsavedWorkNotice';
import type { ResumeWritingState } from './StoryPage';

/**
 * /fics/:storyId/revision (spec 001 §2 Story review; ADMIN, STUDENT, TEACHER): the fic as its page
 * shows it, the 'Modo edición' switch for who may edit it, and a floating button that opens the
 * evaluation drawer: 'Evaluar' for the teacher who may evaluate or update it, 'Ver evaluación' for
 * who may only read it. 'Publicar' (with its confirmation) and the other actions the server allows
 * sit with the fic. A fic the caller may not see reads 'La fic solicitada no existe', as on its page.
 */
export function StoryReviewPage() {
  const { storyId = '' } = useParams();
  return (
    <StoryLoader storyId={storyId}>{(story) => <ReviewScreen key={story._id} story={story} />}</StoryLoader>
  );
}

function ReviewScreen({ story }: { story: Story }) {
  const { t } = useTranslation();
  const resume = (useLocation().state as ResumeWritingState | null)?.resumeWriting === true;
  // 'restore': the editor opens with the fic's unsaved copy in it (issue 18.7).
  const [editing, setEditing] = useState<false | 'edit' | 'restore'>(resume ? 'restore' : false);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const { canEdit, canEvaluate, canUpdateEvaluation } = story.permissions;
  const evaluates = canEvaluate || canUpdateEvaluation;
  const hasDrawer = evaluates || story.evaluation.length > 0;
  const isEditing = editing && canEdit;

  const banner =
    story.publicationStatus !== 'PUBLISHED' ? <EditingBanner status={story.publicationStatus} /> : null;

  return (
    // Room under the fic for the floating button, so it never covers the end of the text.
    <Box sx={{ maxWidth: isEditing ? undefined : pageWidth(story), mx: 'auto', pb: hasDrawer ? 10 : 0 }}>
      {banner}
      {canEdit ? (
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 2 }}>
          <FormControlLabel
            control={
              <Switch checked={isEditing} onChange={(event) => setEditing(event.target.checked && 'edit')} />
            }
            label={t('stories.editMode')}
          />
        </Box>
      ) : null}
      {isEditing ? (
        <StoryEditor story={story} onClose={() => setEditing(false)} restoreOnOpen={editing === 'restore'} />
      ) : (
        <>
          {canEdit ? <UnsavedWorkNotice story={story} onRestore={() => setEditing('restore')} /> : null}
          <StoryNotesFrame story={story}>
            <StoryArticle
              story={story}
              actions={
                <>
                  {/* The teacher sees the author's mark while reviewing (issue 22.7). */}
                  <PersonalChip personal={story.personal} />
                  <StoryActions story={story} variant="review" />
                </>
              }
            />
          </StoryNotesFrame>
        </>
      )}
      {hasDrawer && !isEditing ? (
        <Fab
          variant="extended"
          color="primary"
          onClick={() => setDrawerOpen(true)}
          sx={{
            position: 'fixed',
            right: { xs: 16, md: 32 },
            bottom: { xs: 16, md: 32 },
            zIndex: (theme) => theme.zIndex.speedDial,
          }}
        >
          {evaluates ? (
            <RateReviewOutlined sx={{ mr: 1 }} aria-hidden />
          ) : (
            <FactCheckOutlined sx={{ mr: 1 }} aria-hidden />
          )}
          {evaluates ? t('stories.evaluate') : t('stories.viewEvaluation')}
        </Fab>
      ) : null}
      {hasDrawer ? (
        <LazyEvaluationDrawer
          story={story}
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          preload={evaluates}
        />
      ) : null}
    </Box>
  );
}
