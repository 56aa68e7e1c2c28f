import { useId } from 'react';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import CloseIcon from '#icons/Close';
import { useTranslation } from 'react-i18next';
import type { Story } from '@fics/contracts';
import { useSession } from '../../auth';
import { EvaluationForm } from './EvaluationForm';
import { EvaluationSummary } from './EvaluationSummary';

interface EvaluationDrawerProps {
  story: Story;
  open: boolean;
  onClose: () => void;
}

/** What the drawer holds for this caller (the server's permissions decide). */
export type EvaluationDrawerMode = 'form' | 'locked' | 'read' | 'none';

/**
 * The teacher's form while they may evaluate or update; the evaluating teacher's grid with every
 * control disabled once the fic is published (spec 001 §4); the evaluation to read for anyone else
 * who may see it (the student, administrators).
 */
export function evaluationDrawerMode(story: Story, userId: string | undefined): EvaluationDrawerMode {
  const { canEvaluate, canUpdateEvaluation } = story.permissions;
  const evaluation = story.evaluation[0];
  if (canEvaluate || canUpdateEvaluation) {
    return 'form';
  }
  if (!evaluation) {
    return 'none';
  }
  if (story.publicationStatus === 'PUBLISHED' && userId !== undefined && evaluation.teacherId === userId) {
    return 'locked';
  }
  return 'read';
}

/**
 * The evaluation drawer of spec 001 §2 (Story detail, Story review): from the right, half the page
 * wide, the whole width on phones. The form stays mounted while the drawer is closed, so a teacher
 * may close it to reread the fic without losing the checks they made.
 */
export function EvaluationDrawer({ story, open, onClose }: EvaluationDrawerProps) {
  const { t } = useTranslation();
  const { user } = useSession();
  const titleId = useId();
  const mode = evaluationDrawerMode(story, user?._id);
  const evaluation = story.evaluation[0] ?? null;

  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={onClose}
      keepMounted={mode === 'form'}
      slotProps={{
        paper: {
          'aria-labelledby': titleId,
          sx: { width: { xs: '100%', md: '50%' }, maxWidth: '100%' },
        },
      }}
    >
      <Box
        sx={{
          display: 'flex',
          alignItems: 'flex-start',
          gap: 1,
          px: { xs: 2, sm: 3 },
          pt: 2,
          pb: 1.5,
          position: 'sticky',
          top: 0,
          zIndex: 1,
          bgcolor: 'background.paper',
        }}
      >
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography id={titleId} variant="h2" component="h2">
            {t('evaluations.drawerTitle')}
          </Typography>
          <Typography variant="body2" color="text.secondary" noWrap title={story.title}>
            {story.title}
          </Typography>
        </Box>
        <IconButton aria-label={t('common.close')} onClick={onClose} edge="end">
          <CloseIcon />
        </IconButton>
      </Box>
      <Divider />
      <Box sx={{ px: { xs: 2, sm: 3 }, py: 3 }}>
        {mode === 'form' || (mode === 'locked' && evaluation) ? (
          <EvaluationForm story={story} evaluation={evaluation} locked={mode === 'locked'} onDone={onClose} />
        ) : mode === 'read' && evaluation ? (
          <EvaluationSummary evaluation={evaluation} />
        ) : (
          <Typography color="text.secondary">{t('evaluations.nothingYet')}</Typography>
        )}
      </Box>
    </Drawer>
  );
}
