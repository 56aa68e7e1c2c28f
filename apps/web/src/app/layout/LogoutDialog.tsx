import { useId, useState } from 'react';
import { flushSync } from 'react-dom';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';
import type { OpenWork } from '../../lib/unsaved-work-registry';

/**
 * Issue 18.1: 'Cerrar sesión' with work open in an editor asks first. 'Guardar borrador' saves it on
 * the server and then logs out (a form that refuses it closes this and shows why, the user stays);
 * 'Seguir escribiendo' cancels; 'Descartar' drops the work and its browser copy, then logs out.
 */
export function LogoutDialog({
  work,
  onClose,
  onLogout,
}: {
  /** The work to ask about; null: closed. */
  work: OpenWork | null;
  onClose: () => void;
  onLogout: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const textId = useId();
  const [saving, setSaving] = useState(false);
  // Keep the words while the dialog fades out.
  const [kind, setKind] = useState<OpenWork['kind']>('create');
  if (work && work.kind !== kind) {
    setKind(work.kind);
  }

  const save = async () => {
    if (!work) {
      return;
    }
    setSaving(true);
    const outcome = await work.save();
    setSaving(false);
    if (outcome === 'saved') {
      onClose();
      onLogout();
      return;
    }
    // The form says why (its fields' messages, or the failure line): gone first, so focus can go there.
    flushSync(onClose);
    work.showErrors();
  };

  return (
    <Dialog
      open={work !== null}
      onClose={saving ? undefined : onClose}
      aria-labelledby={titleId}
      aria-describedby={textId}
      maxWidth="xs"
      fullWidth
      // A refused save moves focus to the form's first error, not back to the account menu.
      disableRestoreFocus
    >
      <DialogTitle id={titleId}>{t('storyEditor.logout.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId}>
          {kind === 'edit' ? t('storyEditor.logout.editText') : t('storyEditor.logout.text')}
        </DialogContentText>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1, '& > :not(style) ~ :not(style)': { ml: 0 } }}>
        <Button
          color="error"
          sx={{ color: 'error.dark', mr: 'auto' }}
          disabled={saving}
          onClick={() => {
            work?.discard();
            onClose();
            onLogout();
          }}
        >
          {t('storyEditor.logout.discard')}
        </Button>
        <Button onClick={onClose} disabled={saving}>
          {t('storyEditor.logout.keepWriting')}
        </Button>
        <Button
          variant="contained"
          onClick={() => void save()}
          disabled={saving}
          startIcon={saving ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          {kind === 'edit' ? t('storyEditor.logout.saveChanges') : t('storyEditor.logout.saveDraft')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
