import { useId, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { requestLimits, requestMessages } from '@fics/contracts';
import { FormError } from '../../../../components/FormError';
import { useErrorFocus } from '../../../../components/error-focus';
import { SubmitButton } from '../../../../components/SubmitButton';
import { useToast } from '../../../../components/toast';
import { useDenyChangeRequest, useDenyRegisterRequest } from '../../admin-api';
import { useActionFailure, type RequestKind } from '../action-outcome';
import { requesterName, type AdminRequest } from '../request-text';

interface RejectDialogProps {
  kind: RequestKind;
  /** The request to deny; null closes the dialog. */
  request: AdminRequest | null;
  onClose: () => void;
}

/**
 * Spec 000 §2 Reject flow: 'Seguro que quiere rechazar la solicitud de {name}?', the warning that it
 * cannot be undone, an optional comment (at most 100 characters), Cancelar and Aceptar.
 */
export function RejectDialog({ kind, request, onClose }: RejectDialogProps) {
  const titleId = useId();
  // Kept while the dialog fades out, so its title does not change.
  const [shown, setShown] = useState(request);
  if (request && request !== shown) {
    setShown(request);
  }
  return (
    <Dialog open={Boolean(request)} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      {shown ? (
        <RejectForm key={shown._id} kind={kind} request={shown} titleId={titleId} onClose={onClose} />
      ) : null}
    </Dialog>
  );
}

function RejectForm({
  kind,
  request,
  titleId,
  onClose,
}: {
  kind: RequestKind;
  request: AdminRequest;
  titleId: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const denyChange = useDenyChangeRequest();
  const denyRegister = useDenyRegisterRequest();
  const failure = useActionFailure(kind);
  const [comments, setComments] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [inline, setInline] = useState<string | null>(null);
  const errorFocus = useErrorFocus();
  const pending = denyChange.isPending || denyRegister.isPending;

  const submit = async () => {
    setInline(null);
    const adminComments = comments.trim();
    if (adminComments.length > requestLimits.adminCommentsMax) {
      setError(requestMessages.adminCommentsMax);
      errorFocus.focusFirstError();
      return;
    }
    try {
      const mutation = kind === 'change' ? denyChange : denyRegister;
      await mutation.mutateAsync({ id: request._id, adminComments });
      toast.success(t('requestsAdmin.denied'));
      onClose();
    } catch (caught) {
      if (failure(caught) === 'conflict') {
        onClose();
      } else {
        setInline(t('errors.genericInline'));
      }
    }
  };

  return (
    <Box
      component="form"
      ref={errorFocus.ref}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <DialogTitle id={titleId}>{t('requestsAdmin.denyTitle', { name: requesterName(request) })}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{t('requestsAdmin.denyWarning')}</DialogContentText>
        <TextField
          label={t('requestsAdmin.commentsLabel')}
          name="adminComments"
          value={comments}
          onChange={(event) => {
            setComments(event.target.value);
            if (error && event.target.value.trim().length <= requestLimits.adminCommentsMax) {
              setError(null);
            }
          }}
          multiline
          minRows={3}
          fullWidth
          error={Boolean(error)}
          helperText={
            error ??
            t('requestsAdmin.counter', { count: comments.length, max: requestLimits.adminCommentsMax })
          }
        />
        <FormError message={inline} />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button onClick={onClose} disabled={pending}>
          {t('common.cancel')}
        </Button>
        <SubmitButton pending={pending} color="error">
          {t('common.accept')}
        </SubmitButton>
      </DialogActions>
    </Box>
  );
}
