import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import HourglassEmptyOutlined from '#icons/HourglassEmptyOutlined';
import VisibilityOffOutlined from '#icons/VisibilityOffOutlined';
import { useTranslation } from 'react-i18next';
import type { ModerationFlag } from '@fics/contracts';

/**
 * 'En revisión' on a comment, reply or fic hidden for review (issue 21.2), 'Esperando aprobación' on
 * a comment or reply held for a teacher's approval (issue 21.5-6): only those who still see it get
 * the flag (its writer, the teachers of the grade, administrators); nothing when the item is
 * visible. The label is the server's (contracts' underReviewFlag, heldFlag).
 */
export function UnderReviewChip({ flag }: { flag: ModerationFlag | null | undefined }) {
  const { t } = useTranslation();
  if (!flag?.hidden) {
    return null;
  }
  return (
    <Tooltip title={flag.held ? t('moderation.heldHelp') : t('moderation.underReviewHelp')} describeChild>
      <Chip
        size="small"
        color="warning"
        variant="outlined"
        icon={flag.held ? <HourglassEmptyOutlined /> : <VisibilityOffOutlined />}
        label={flag.label}
        // The warning orange is too light for text on white: its dark shade, as the error red.
        sx={{ color: 'warning.dark', borderColor: 'warning.main', fontWeight: 600, alignSelf: 'flex-start' }}
      />
    </Tooltip>
  );
}
