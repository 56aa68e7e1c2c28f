import { useId, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { Controller, useForm, useWatch, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import {
  createReportBodySchema,
  moderationLimits,
  moderationMessages,
  reportReasonLabels,
  reportReasons,
  type CreateReportBody,
  type ReportTarget,
} from '@fics/contracts';
import { CountedHelperText } from '../../../components/CountedHelperText';
import { applyServerErrors } from '../../../components/form-errors';
import { FormError } from '../../../components/FormError';
import { SubmitButton } from '../../../components/SubmitButton';
import { useToast } from '../../../components/toast';
import { isApiError } from '../../../lib/api-client';
import { useCreateReport } from '../api';

interface ReportDialogProps {
  open: boolean;
  target: ReportTarget;
  targetId: string;
  onClose: () => void;
}

/** What the form holds: the contract's body with the reason unset until one is picked. */
type ReportValues = { target: ReportTarget; targetId: string; reason: string; detail: string };

/**
 * 'Reportar' (issue 21.1): the seven reasons of the issue as radio buttons, the detail (required for
 * 'Otro', up to 300 characters with a counter), checked with the contract's schema and its Spanish
 * messages. Sent, it thanks and closes; a second report of the same item (409) says so and closes.
 */
export function ReportDialog({ open, target, targetId, onClose }: ReportDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  // A fresh form each time the dialog opens.
  const [session, setSession] = useState(0);
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) {
      setSession((n) => n + 1);
    }
  }
  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
      fullScreen={phone}
    >
      <DialogTitle id={titleId}>{t(`moderation.dialogTitle.${target}`)}</DialogTitle>
      <ReportForm key={session} target={target} targetId={targetId} onClose={onClose} />
    </Dialog>
  );
}

function ReportForm({ target, targetId, onClose }: Omit<ReportDialogProps, 'open'>) {
  const { t } = useTranslation();
  const toast = useToast();
  const report = useCreateReport();
  const reasonLabelId = useId();
  const reasonErrorId = useId();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<ReportValues, unknown, CreateReportBody>({
    // The schema refuses the unset reason ('' until one is picked) with its 'Elige un motivo'.
    resolver: zodResolver(createReportBodySchema) as unknown as Resolver<
      ReportValues,
      unknown,
      CreateReportBody
    >,
    defaultValues: { target, targetId, reason: '', detail: '' },
  });
  const {
    control,
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = form;
  const reason = useWatch({ control, name: 'reason' });
  const detail = useWatch({ control, name: 'detail' });
  const detailError = errors.detail?.message;
  const reasonError = errors.reason?.message;

  const onSubmit = handleSubmit(
    async (body) => {
      setFailure(null);
      try {
        const answer = await report.mutateAsync(body);
        toast.success(answer.message || moderationMessages.created);
        onClose();
      } catch (error) {
        if (isApiError(error) && error.status === 409) {
          // Already reported by this person: nothing to fix in the form.
          toast.info(error.message || moderationMessages.alreadyReported);
          onClose();
          return;
        }
        if (applyServerErrors(error, setError, ['reason', 'detail'])) {
          return;
        }
        setFailure(
          isApiError(error) && error.status > 0 && error.status < 500 && error.message
            ? error.message
            : t('errors.genericInline'),
        );
      }
    },
    (invalid) => {
      // The item's own fields have no input: their message (never expected) goes above the buttons.
      setFailure(invalid.target?.message ?? invalid.targetId?.message ?? null);
    },
  );

  return (
    <Box component="form" noValidate onSubmit={onSubmit} sx={{ display: 'contents' }}>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <DialogContentText>{t('moderation.dialogIntro')}</DialogContentText>
        <FormControl error={Boolean(reasonError)} required>
          <FormLabel id={reasonLabelId}>{t('moderation.reasonLabel')}</FormLabel>
          <Controller
            control={control}
            name="reason"
            render={({ field }) => (
              <RadioGroup
                {...field}
                aria-labelledby={reasonLabelId}
                aria-describedby={reasonError ? reasonErrorId : undefined}
                onChange={(event) => {
                  field.onChange(event.target.value);
                  // A detail refused for 'Otro' is fine once another reason is picked.
                  if (form.formState.isSubmitted) {
                    void form.trigger('detail');
                  }
                }}
              >
                {reportReasons.map((value) => (
                  <FormControlLabel
                    key={value}
                    value={value}
                    control={<Radio size="small" />}
                    label={reportReasonLabels[value]}
                  />
                ))}
              </RadioGroup>
            )}
          />
          {reasonError ? <FormHelperText id={reasonErrorId}>{reasonError}</FormHelperText> : null}
        </FormControl>
        <TextField
          label={reason === 'OTHER' ? t('moderation.detailLabel') : t('moderation.detailOptional')}
          required={reason === 'OTHER'}
          multiline
          minRows={2}
          maxRows={6}
          fullWidth
          {...register('detail')}
          error={Boolean(detailError)}
          helperText={
            <CountedHelperText message={detailError} count={detail.length} max={moderationLimits.detailMax} />
          }
        />
        <FormError message={failure} sx={{ mt: 0 }} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={isSubmitting}>
          {t('moderation.cancel')}
        </Button>
        <SubmitButton pending={isSubmitting}>{t('moderation.send')}</SubmitButton>
      </DialogActions>
    </Box>
  );
}
