import { forwardRef, useMemo, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import GlobalStyles from '@mui/material/GlobalStyles';
import IconButton from '@mui/material/IconButton';
import CloseIcon from '@mui/icons-material/Close';
import {
  SnackbarContent,
  SnackbarProvider,
  useSnackbar,
  type CustomContentProps,
  type VariantType,
} from 'notistack';
import { useTranslation } from 'react-i18next';

/** Spec 000 §9 / 001 §9: top centre, 75 px from the top, closes after 2000 ms or on its close button. */
export const TOAST_AUTO_HIDE_MS = 2000;
export const TOAST_TOP_OFFSET_PX = 75;
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

export function ToastProvider({ children }: { children: ReactNode }) {
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
        {children}
      </SnackbarProvider>
    </>
  );
}

export interface Toasts {
  success: (message: string) => void;
  error: (message: string) => void;
  info: (message: string) => void;
}

/** The app's alert toast: `toast.success('Usuario creado exitosamente')`, `toast.error(...)`. */
export function useToast(): Toasts {
  const { enqueueSnackbar } = useSnackbar();
  return useMemo(
    () => ({
      success: (message) => void enqueueSnackbar(message, { variant: 'success' }),
      error: (message) => void enqueueSnackbar(message, { variant: 'error' }),
      info: (message) => void enqueueSnackbar(message, { variant: 'info' }),
    }),
    [enqueueSnackbar],
  );
}
