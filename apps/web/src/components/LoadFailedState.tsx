import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import ErrorOutlineOutlined from '#icons/ErrorOutlineOutlined';
import { useTranslation } from 'react-i18next';
import { EmptyState } from './EmptyState';

/**
 * A list or page that could not be loaded: the spec's 'Ha ocurrido un problema, por favor intenta de
 * nuevo más tarde.' (spec 001 §8) with a 'Reintentar' button; framed like the list it replaces
 * unless `framed` is false.
 */
export function LoadFailedState({ onRetry, framed = true }: { onRetry: () => void; framed?: boolean }) {
  const { t } = useTranslation();
  const state = (
    <EmptyState
      icon={<ErrorOutlineOutlined fontSize="inherit" />}
      message={t('errors.loadFailed')}
      action={
        <Button variant="outlined" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      }
    />
  );
  return framed ? <Paper variant="outlined">{state}</Paper> : state;
}
