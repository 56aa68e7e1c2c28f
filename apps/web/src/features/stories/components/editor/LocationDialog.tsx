import { useEffect, useId, useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { locationField } from '@fics/contracts';
import { useErrorFocus } from '../../../../components/error-focus';
import { FormError } from '../../../../components/FormError';
import { LocationPicker, type LocationValue } from './LocationPicker';
import { useMapConfig } from './use-map-config';

interface LocationDialogProps {
  open: boolean;
  title: string;
  /** A line under the title ('¿Desde dónde escribes?'). */
  intro?: string;
  /** A notice above the buttons (sending: no more edits until evaluated). */
  warning?: string;
  confirmLabel: string;
  confirmIcon?: ReactNode;
  /** The place the dialog starts from; taken again each time it opens. */
  initial: LocationValue;
  pending?: boolean;
  /** The server's message for the location (a VALIDATION_ERROR on location or locationURL). */
  serverError?: string;
  /** Why the last attempt failed, shown inline. */
  failure?: string | null;
  /** The fic is anonymous or pseudonymous: its place is hidden like its author. */
  authorHidden?: boolean;
  onConfirm: (value: LocationValue) => void;
  onClose: () => void;
}

/**
 * The send dialog of spec 001 §2 ('Enviar' asks for a location, then submits), also used to edit a
 * fic's place. The place is checked here (at most 30 characters) before `onConfirm`.
 */
export function LocationDialog({
  open,
  title,
  intro,
  warning,
  confirmLabel,
  confirmIcon,
  initial,
  pending = false,
  serverError,
  failure,
  authorHidden = false,
  onConfirm,
  onClose,
}: LocationDialogProps) {
  const { t } = useTranslation();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('md'));
  const titleId = useId();
  const { config, isPending: configPending } = useMapConfig(open);
  const [value, setValue] = useState<LocationValue>(initial);
  const [error, setError] = useState<string | undefined>();
  const errorFocus = useErrorFocus();
  const { focusFirstError } = errorFocus;

  useEffect(() => {
    if (open) {
      setValue(initial);
      setError(undefined);
    }
    // Only on opening: the dialog then owns its draft of the place.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  useEffect(() => {
    if (serverError) {
      setError(serverError);
      focusFirstError();
    }
  }, [serverError, focusFirstError]);

  const confirm = () => {
    const parsed = locationField.safeParse(value.location);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      errorFocus.focusFirstError();
      return;
    }
    onConfirm({ location: parsed.data, locationURL: value.locationURL });
  };

  return (
    <Dialog
      open={open}
      onClose={pending ? undefined : onClose}
      aria-labelledby={titleId}
      maxWidth="sm"
      fullWidth
      fullScreen={fullScreen}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <Box
          component="form"
          ref={errorFocus.ref}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            confirm();
          }}
          sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: 0.5 }}
        >
          {intro ? <Typography color="text.secondary">{intro}</Typography> : null}
          {/* The typed place works at once; the search and the map join when the configuration arrives. */}
          <LocationPicker
            value={value}
            onChange={(next) => {
              setValue(next);
              if (error) {
                const parsed = locationField.safeParse(next.location);
                setError(parsed.success ? undefined : parsed.error.issues[0]?.message);
              }
            }}
            error={error}
            config={config}
            configPending={configPending}
            disabled={pending}
          />
          <PlaceNotice value={value} authorHidden={authorHidden} />
          {warning ? <Alert severity="warning">{warning}</Alert> : null}
          <FormError message={failure} sx={{ mt: 0 }} />
          {/* Enter in the place field submits; the search field handles its own Enter. */}
          <button type="submit" hidden aria-hidden tabIndex={-1} />
        </Box>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, gap: 1 }}>
        <Button onClick={onClose} disabled={pending}>
          {t('storyEditor.cancel')}
        </Button>
        <Button
          variant="contained"
          onClick={confirm}
          disabled={pending}
          aria-busy={pending}
          startIcon={pending ? <CircularProgress size={18} color="inherit" aria-hidden /> : confirmIcon}
        >
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * Tells the student exactly what others will learn of the place, as the server decides it
 * (story-status placeShownTo): the name for whoever may read the fic, the point (rounded to about
 * 1 km) for them, their teachers and administrators; both hidden like the author on an anonymous or
 * pseudonymous fic.
 */
function PlaceNotice({ value, authorHidden }: { value: LocationValue; authorHidden: boolean }) {
  const { t } = useTranslation();
  const parsed = locationField.safeParse(value.location);
  const place = parsed.success ? parsed.data : value.location.trim();
  const lines = authorHidden
    ? [t('storyEditor.placeNotice.hidden')]
    : [
        place ? t('storyEditor.placeNotice.name', { place }) : t('storyEditor.placeNotice.noName'),
        ...(value.locationURL ? [t('storyEditor.placeNotice.point')] : []),
      ];
  return (
    <Alert severity="info" role="status" aria-live="polite">
      <AlertTitle>{t('storyEditor.placeNotice.title')}</AlertTitle>
      {lines.map((line) => (
        <Typography key={line} variant="body2" sx={{ '& + &': { mt: 0.5 } }}>
          {line}
        </Typography>
      ))}
    </Alert>
  );
}
