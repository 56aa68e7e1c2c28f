import { forwardRef, useEffect } from 'react';
import Alert from '@mui/material/Alert';
import GlobalStyles from '@mui/material/GlobalStyles';
import IconButton from '@mui/material/IconButton';
import CloseIcon from '#icons/Close';
import {
  SnackbarContent,
  SnackbarProvider,
  useSnackbar,
  type CustomContentProps,
  type VariantType,
} from 'notistack';
import { useTranslation } from 'react-i18next';
import { TOAST_AUTO_HIDE_MS, TOAST_TOP_OFFSET_PX, type ToastQueue } from './toast';

/*
 * What shows the toasts (notistack and MUI's Alert, about 9 kB gzip): loaded by ToastProvider when
 * the first toast is asked for, so no page pays for it before then.
 */

// notistack pads every toast by 6 px inside its container.
const CONTAINER_TOP_PX = TOAST_TOP_OFFSET_PX - 6;
const CONTAINER_CLASS = 'fics-toasts';

const Toast = forwardRef<HTMLDivElement, CustomContentProps>(function Toast({ id, message, variant }, ref) {
  const { closeSnackbar } = useSnackbar();
  const { t } = useTranslation();
  const isError = variant === 'error';
  return (
    <SnackbarContent ref={ref} role={isError ? 'alert' : 'status'}>
      <Alert
        icon={false}
        variant="filled"
        sx={{
          // Error variant in the error colour, every other variant in the main blue (spec 001 §4).
          bgcolor: isError ? 'error.main' : 'primary.main',
          color: isError ? 'error.contrastText' : 'primary.contrastText',
          fontWeight: 600,
          alignItems: 'center',
          minWidth: { xs: 'auto', sm: 320 },
          boxShadow: 3,
        }}
        action={
          <IconButton
            size="small"
            aria-label={t('common.close')}
            color="inherit"
            onClick={() => closeSnackbar(id)}
          >
            <CloseIcon fontSize="small" />
          </IconButton>
        }
      >
        {message}
      </Alert>
    </SnackbarContent>
  );
});

const toastComponents: Partial<Record<VariantType, typeof Toast>> = {
  default: Toast,
  success: Toast,
  error: Toast,
  info: Toast,
  warning: Toast,
};

/** Shows every toast of `queue`: those asked for before it loaded, then each new one. */
export function ToastHost({ queue }: { queue: ToastQueue }) {
  return (
    <>
      <GlobalStyles
        styles={{ [`.notistack-SnackbarContainer.${CONTAINER_CLASS}`]: { top: CONTAINER_TOP_PX } }}
      />
      <SnackbarProvider
        maxSnack={3}
        autoHideDuration={TOAST_AUTO_HIDE_MS}
        anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
        classes={{ containerAnchorOriginTopCenter: CONTAINER_CLASS }}
        Components={toastComponents}
      >
        <QueueDrain queue={queue} />
      </SnackbarProvider>
    </>
  );
}

function QueueDrain({ queue }: { queue: ToastQueue }) {
  const { enqueueSnackbar: enqueue } = useSnackbar();
  useEffect(
    () => queue.drain((toast) => void enqueue(toast.message, { variant: toast.variant })),
    [enqueue, queue],
  );
  return null;
}
