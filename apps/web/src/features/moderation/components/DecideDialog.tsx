import { useId, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import {
  decideReportBodySchema,
  moderationLimits,
  moderationMessages,
  type DecideReportBody,
  type ModerationDecision,
} from '@fics/contracts';
import { CountedHelperText } from '../../../components/CountedHelperText';
import { applyServerErrors } from '../../../components/form-errors';
import { FormError } from '../../../components/FormError';
import { SubmitButton } from '../../../components/SubmitButton';
import { useToast } from '../../../components/toast';
import { isApiError } from '../../../lib/api-client';
import { useDecideReport } from '../api';

interface DecideDialogProps {
  /** The case decided on; null while no dialog was asked for. */
  caseId: string | null;
  decision: ModerationDecision;
  open: boolean;
  onClose: () => void;
}

/**
 * 'Mantener' or 'Eliminar' with an optional note (≤300, the contract's messages), confirmed before
 * PATCH /reports/:id. A 409 (someone decided first) closes it, says so and the queue is read again.
 */
export function DecideDialog({ caseId, decision, open, onClose }: DecideDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const [session, setSession] = useState(0);
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) {
      setSession((n) => n + 1);
    }
  }
  const keep = decision === 'KEEP';
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>{keep ? t('moderation.keepTitle') : t('moderation.removeTitle')}</DialogTitle>
      {caseId ? <DecideForm key={session} caseId={caseId} decision={decision} onClose={onClose} /> : null}
    </Dialog>
  );
}

type DecideValues = { decision: ModerationDecision; note: string };

function DecideForm({
  caseId,
  decision,
  onClose,
}: {
  caseId: string;
  decision: ModerationDecision;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const decide = useDecideReport();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<DecideValues, unknown, DecideReportBody>({
    // The schema reads the note as unknown (a blank one is absent); the field always holds a string.
    resolver: zodResolver(decideReportBodySchema) as unknown as Resolver<
      DecideValues,
      unknown,
      DecideReportBody
    >,
    defaultValues: { decision, note: '' },
  });
  const {
    control,
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = form;
  const note = useWatch({ control, name: 'note' });
  const noteError = errors.note?.message;
  const keep = decision === 'KEEP';

  const onSubmit = handleSubmit(async (body) => {
    setFailure(null);
    try {
      const answer = await decide.mutateAsync({ caseId, ...body });
      toast.success(answer.message || (keep ? moderationMessages.kept : moderationMessages.removed));
      onClose();
    } catch (error) {
      if (isApiError(error) && (error.status === 409 || error.status === 404)) {
        // Someone decided first (or it is no longer the caller's to decide): the list is read again.
        toast.info(error.message || moderationMessages.alreadySettled);
        onClose();
        return;
      }
      if (applyServerErrors(error, setError, ['note'])) {
        return;
      }
      setFailure(
        isApiError(error) && error.status > 0 && error.status < 500 && error.message
          ? error.message
          : t('errors.genericInline'),
      );
    }
  });

  return (
    <Box component="form" noValidate onSubmit={onSubmit} sx={{ display: 'contents' }}>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <DialogContentText>{keep ? t('moderation.keepText') : t('moderation.removeText')}</DialogContentText>
        <TextField
          label={t('moderation.decisionNote')}
          multiline
          minRows={2}
          maxRows={6}
          fullWidth
          {...register('note')}
          error={Boolean(noteError)}
          helperText={
            <CountedHelperText
              message={noteError ?? t('moderation.decisionNoteHelp')}
              count={note.length}
              max={moderationLimits.noteMax}
            />
          }
        />
        <FormError message={failure} sx={{ mt: 0 }} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={isSubmitting}>
          {t('moderation.cancel')}
        </Button>
        <SubmitButton pending={isSubmitting} color={keep ? 'primary' : 'error'}>
          {keep ? t('moderation.keep') : t('moderation.remove')}
        </SubmitButton>
      </DialogActions>
    </Box>
  );
}
