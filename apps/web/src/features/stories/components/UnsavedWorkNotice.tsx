import { useMemo } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import type { Story } from '@fics/contracts';
import { useSession } from '../../auth';
import { findUnsavedWork, unsavedWorkKey } from '../unsaved-work';

/**
 * Changes to this fic kept in this browser and never saved (a closed tab, an expired session): said
 * here at once, so the writer does not have to open the editor to find them (it offers them back).
 */
export function UnsavedWorkNotice({ story, onEdit }: { story: Story; onEdit: () => void }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const userId = user?._id;
  const found = useMemo(
    () => (userId ? findUnsavedWork(unsavedWorkKey(userId, story._id), story.updatedAt) !== null : false),
    [userId, story._id, story.updatedAt],
  );
  if (!found) {
    return null;
  }
  return (
    <Alert
      severity="info"
      sx={{ mb: 2 }}
      action={
        <Button color="inherit" size="small" onClick={onEdit}>
          {t('stories.unsavedWorkAction')}
        </Button>
      }
    >
      {t('stories.unsavedWork')}
    </Alert>
  );
}
