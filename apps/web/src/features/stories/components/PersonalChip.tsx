import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import LockOutlined from '#icons/LockOutlined';
import { useTranslation } from 'react-i18next';

/**
 * 'Información personal' on a fic its author marked so (issue 22.7): the teachers see it while
 * reviewing (their lists and the fic's pages), the author is reminded who reads it. Nothing when
 * the fic is not marked.
 */
export function PersonalChip({ personal }: { personal: boolean }) {
  const { t } = useTranslation();
  if (!personal) {
    return null;
  }
  return (
    <Tooltip title={t('stories.personalHelp')} describeChild>
      <Chip
        size="small"
        variant="outlined"
        icon={<LockOutlined />}
        label={t('stories.personal')}
        sx={{ color: '#45288a', borderColor: '#45288a', fontWeight: 600, alignSelf: 'flex-start' }}
      />
    </Tooltip>
  );
}
