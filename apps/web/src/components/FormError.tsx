import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import type { SxProps, Theme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';

interface FormErrorProps {
  /** Nothing is shown without one. */
  message: string | null | undefined;
  /** Adds a close button ('Cerrar'): for a notice the user dismisses, such as a refused deletion. */
  onClose?: () => void;
  /** A button at the end, such as 'Reintentar'. */
  action?: ReactNode;
  /** Spacing around it; by default a little room above, as under a form's fields. */
  sx?: SxProps<Theme>;
}

/**
 * The app's one error block, announced to screen readers: a form's inline failure text next to its
 * buttons ('Algo ha salido mal. ...'), a page's refusal the server explained, a load that failed.
 */
export function FormError({ message, onClose, action, sx = { mt: 1 } }: FormErrorProps) {
  const { t } = useTranslation();
  if (!message) {
    return null;
  }
  return (
    <Alert
      severity="error"
      role="alert"
      onClose={onClose}
      closeText={t('common.close')}
      action={action}
      sx={sx}
    >
      {message}
    </Alert>
  );
}
