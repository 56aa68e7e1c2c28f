import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import DownloadOutlined from '#icons/DownloadOutlined';
import { useTranslation } from 'react-i18next';
import { dataExportContents } from '@fics/contracts';
import { isApiError } from '../../../lib/api-client';
import { useDownloadPersonalData } from '../data-export-api';

/**
 * 'Mis datos' on /perfil (issue 22.2): what the ZIP holds, 'Descargar mis datos', and the API's
 * message when it refuses (the hourly limit's, with when to try again).
 */
export function MyDataSection() {
  const { t } = useTranslation();
  const download = useDownloadPersonalData();
  const refusal =
    download.error && isApiError(download.error) && download.error.status === 429
      ? download.error.message
      : null;
  return (
    <>
      <Typography color="text.secondary">{t('personalData.intro')}</Typography>
      <Box component="ul" sx={{ mt: 1, mb: 2, pl: 3, color: 'text.secondary' }}>
        {dataExportContents.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </Box>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('personalData.hourly')}
      </Typography>
      <Button
        variant="outlined"
        startIcon={<DownloadOutlined />}
        disabled={download.isPending}
        onClick={() => download.mutate(undefined)}
      >
        {download.isPending ? t('personalData.downloading') : t('personalData.download')}
      </Button>
      {download.isError ? (
        <Alert severity={refusal ? 'info' : 'error'} sx={{ mt: 2 }} role="alert">
          {refusal ?? t('personalData.failed')}
        </Alert>
      ) : null}
    </>
  );
}
