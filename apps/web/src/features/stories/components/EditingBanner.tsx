import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import EditNoteOutlined from '#icons/EditNoteOutlined';
import { useTranslation } from 'react-i18next';
import type { StoryStatus } from '@fics/contracts';
import { StoryStatusChip } from './StoryStatusChip';

/** Spec 001 §2 Story detail: 'FIC EN EDICIÓN' over a fic that is not published, with its status. */
export function EditingBanner({ status }: { status: StoryStatus }) {
  const { t } = useTranslation();
  return (
    <Alert
      // Part of the page, not news: read in order, not announced.
      role="note"
      severity="warning"
      icon={<EditNoteOutlined />}
      sx={{ mb: 3, alignItems: 'center', '& .MuiAlert-message': { width: '100%' } }}
    >
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 2, rowGap: 1 }}>
        <Typography component="p" sx={{ fontWeight: 700, letterSpacing: '0.04em' }}>
          {t('stories.editingBanner')}
        </Typography>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <Typography component="span" variant="body2">
            {t('stories.bannerStatus')}
          </Typography>
          <StoryStatusChip status={status} />
        </Box>
      </Box>
    </Alert>
  );
}
