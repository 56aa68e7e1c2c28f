import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { OwnPrivacyRequests } from './OwnPrivacyRequests';
import { PrivacyRequestForm } from './PrivacyRequestForm';

/** 'Ejercer mis derechos' on /perfil (issue 22.3): the six rights, the form and 'Mis solicitudes'. */
export function PrivacyRights() {
  const { t } = useTranslation();
  return (
    <Stack spacing={3}>
      <Typography color="text.secondary">{t('privacyRequests.profileIntro')}</Typography>
      <PrivacyRequestForm />
      <Divider />
      <Stack spacing={1.5}>
        <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
          {t('privacyRequests.mineTitle')}
        </Typography>
        <OwnPrivacyRequests />
      </Stack>
    </Stack>
  );
}
