import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import PhotoCameraOutlined from '#icons/PhotoCameraOutlined';
import { useTranslation } from 'react-i18next';
import type { User } from '@fics/contracts';
import { capitalise, initials } from '../user-display';

/** The profile's identity block: avatar (photo or initials) with its photo button, name, role, e-mail. */
export function ProfileCard({ user, onChangePhoto }: { user: User; onChangePhoto: () => void }) {
  const { t } = useTranslation();
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label={user.name}
      sx={{
        p: { xs: 2.5, md: 3 },
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        textAlign: 'center',
        gap: 1,
      }}
    >
      <Box sx={{ position: 'relative', mb: 1 }}>
        <Avatar
          src={user.profilePicture?.url}
          alt={user.profilePicture ? t('profile.photoCurrent') : undefined}
          sx={{
            width: { xs: 112, md: 136 },
            height: { xs: 112, md: 136 },
            fontSize: { xs: 40, md: 48 },
            bgcolor: 'primary.dark',
            color: '#fff',
          }}
        >
          {initials(user.name)}
        </Avatar>
        <Tooltip title={t('profile.changePhoto')}>
          <IconButton
            aria-label={t('profile.changePhoto')}
            onClick={onChangePhoto}
            sx={{
              position: 'absolute',
              right: -4,
              bottom: -4,
              bgcolor: 'primary.main',
              color: 'primary.contrastText',
              border: 3,
              borderColor: 'background.paper',
              '&:hover': { bgcolor: 'primary.dark', color: '#fff' },
            }}
          >
            <PhotoCameraOutlined fontSize="small" />
          </IconButton>
        </Tooltip>
      </Box>
      <Typography variant="h2" component="p" sx={{ fontSize: '1.35rem', overflowWrap: 'anywhere' }}>
        {user.name}
      </Typography>
      <Chip
        label={capitalise(user.role.displayName)}
        variant="outlined"
        size="small"
        sx={{ color: 'primary.dark', borderColor: 'primary.main', fontWeight: 600 }}
      />
      <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        {user.email}
      </Typography>
    </Paper>
  );
}
