import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import type { Story } from '@fics/contracts';
import { useSession } from '../../auth';
import { findUnsavedWork, removeUnsavedWork, unsavedWorkKey } from '../unsaved-work';

/**
 * Changes to this fic kept in this browser and never saved (a closed tab, an expired session, a
 * logout): said here at once, so the writer does not have to open the editor to find them.
 * 'Recuperar' opens the editor with them in it, in one step (issue 18.7); 'Descartar' forgets them.
 */
export function UnsavedWorkNotice({ story, onRestore }: { story: Story; onRestore: () => void }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const userId = user?._id;
  const [discarded, setDiscarded] = useState(false);
  const found = useMemo(
    () => (userId ? findUnsavedWork(unsavedWorkKey(userId, story._id), story.updatedAt) !== null : false),
    [userId, story._id, story.updatedAt],
  );
  if (!found || discarded || !userId) {
    return null;
  }
  return (
    <Alert
      severity="info"
      sx={{ mb: 2 }}
      action={
        <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap', justifyContent: 'flex-end' }}>
          <Button
            color="inherit"
            size="small"
            onClick={() => {
              removeUnsavedWork(unsavedWorkKey(userId, story._id));
              setDiscarded(true);
            }}
          >
            {t('stories.unsavedWorkDiscard')}
          </Button>
          <Button color="inherit" size="small" variant="outlined" onClick={onRestore}>
            {t('stories.unsavedWorkAction')}
          </Button>
        </Box>
      }
    >
      {t('stories.unsavedWork')}
    </Alert>
  );
}
