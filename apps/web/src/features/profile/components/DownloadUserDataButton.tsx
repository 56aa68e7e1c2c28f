import Button from '@mui/material/Button';
import DownloadOutlined from '#icons/DownloadOutlined';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/toast';
import { isApiError } from '../../../lib/api-client';
import { useDownloadPersonalData } from '../data-export-api';

/** 'Descargar datos' on a user's page (administrators, issue 22.2): the user's 'Mis datos' ZIP. */
export function DownloadUserDataButton({ userId, name }: { userId: string; name: string }) {
  const { t } = useTranslation();
  const toast = useToast();
  const download = useDownloadPersonalData();
  return (
    <Button
      variant="outlined"
      size="small"
      startIcon={<DownloadOutlined />}
      aria-label={t('personalData.adminDownloadLabel', { name })}
      disabled={download.isPending}
      onClick={() =>
        download.mutate(userId, {
          onError: (error) => toast.error(isApiError(error) ? error.message : t('personalData.adminFailed')),
        })
      }
    >
      {t('personalData.adminDownload')}
    </Button>
  );
}
