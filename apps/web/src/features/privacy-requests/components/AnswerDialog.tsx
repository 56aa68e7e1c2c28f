import { useId, useState } from 'react';
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
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { Controller, useForm, useWatch, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import {
  answerPrivacyRequestBodySchema,
  privacyRequestLimits,
  privacyRequestTypeLabels,
  type AnswerPrivacyRequestBody,
  type PrivacyAnswerStatus,
  type PrivacyRequest,
} from '@fics/contracts';
import { useErrorFocus } from '../../../components/error-focus';
import { applyServerErrors } from '../../../components/form-errors';
import { FormError } from '../../../components/FormError';
import { SubmitButton } from '../../../components/SubmitButton';
import { useToast } from '../../../components/toast';
import { isApiError } from '../../../lib/api-client';
import { useAnswerPrivacyRequest } from '../api';

type Values = { status: string; answer: string };

const outcomeKey = {
  DONE: 'privacyRequests.outcomeDone',
  EXTENDED: 'privacyRequests.outcomeExtended',
  REFUSED: 'privacyRequests.outcomeRefused',
} as const;
const textKey = {
  DONE: 'privacyRequests.answerText',
  EXTENDED: 'privacyRequests.answerTextExtended',
  REFUSED: 'privacyRequests.answerTextRefused',
} as const;

/**
 * 'Responder' (issue 22.3): resolved, extended once (30 more days) or refused, with the answer (the
 * reasons of a refusal, the reason of an extension), 10 to 2000 characters; only the outcomes the
 * API allows now (`allowedAnswers`) are offered. A 409 (answered by someone else meanwhile) closes
 * it, says so, and the queue is read again.
 */
export function AnswerDialog({
  request,
  initialAnswer,
  onClose,
}: {
  request: PrivacyRequest | null;
  /** A proposed answer (after an erasure from the request), 'Resuelta' chosen with it. */
  initialAnswer?: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Dialog open={request !== null} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{t('privacyRequests.answerTitle')}</DialogTitle>
      {request ? (
        <AnswerForm key={request._id} request={request} initialAnswer={initialAnswer} onClose={onClose} />
      ) : null}
    </Dialog>
  );
}

function AnswerForm({
  request,
  initialAnswer,
  onClose,
}: {
  request: PrivacyRequest;
  initialAnswer?: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const answer = useAnswerPrivacyRequest();
  const [failure, setFailure] = useState<string | null>(null);
  const errorFocus = useErrorFocus();
  const {
    control,
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Values, unknown, AnswerPrivacyRequestBody>({
    // The schema reads the status as one of three; the radio group holds a string.
    resolver: zodResolver(answerPrivacyRequestBodySchema) as unknown as Resolver<
      Values,
      unknown,
      AnswerPrivacyRequestBody
    >,
    defaultValues: {
      status:
        initialAnswer && request.allowedAnswers.includes('DONE') ? 'DONE' : (request.allowedAnswers[0] ?? ''),
      answer: initialAnswer ?? '',
    },
    shouldFocusError: false,
  });
  const status = useWatch({ control, name: 'status' }) as PrivacyAnswerStatus | '';
  const text = useWatch({ control, name: 'answer' });

  const onSubmit = handleSubmit(async (body) => {
    setFailure(null);
    try {
      await answer.mutateAsync({ id: request._id, body });
      toast.success(t('privacyRequests.answered'));
      onClose();
    } catch (error) {
      if (isApiError(error) && error.type === 'CONFLICT') {
        toast.error(`${error.message}. ${t('privacyRequests.refreshed')}`);
        onClose();
        return;
      }
      if (applyServerErrors(error, setError, ['status', 'answer'], { focus: errorFocus.focusFirstError })) {
        return;
      }
      setFailure(
        isApiError(error) && error.status > 0 && error.status < 500 && error.message
          ? error.message
          : t('errors.genericInline'),
      );
    }
  }, errorFocus.focusFirstError);

  return (
    <form ref={errorFocus.ref} noValidate onSubmit={onSubmit}>
      <DialogContent>
        <Stack spacing={2.5}>
          <DialogContentText>
            {privacyRequestTypeLabels[request.type]} · {request.email}
          </DialogContentText>
          <Controller
            control={control}
            name="status"
            render={({ field }) => (
              <FormControl error={Boolean(errors.status)} component="fieldset">
                <FormLabel component="legend" id="privacy-answer-outcome">
                  {t('privacyRequests.answerOutcome')}
                </FormLabel>
                <RadioGroup
                  aria-labelledby="privacy-answer-outcome"
                  name={field.name}
                  value={field.value}
                  onChange={(_event, value) => field.onChange(value)}
                >
                  {request.allowedAnswers.map((outcome, index) => (
                    <FormControlLabel
                      key={outcome}
                      value={outcome}
                      control={<Radio slotProps={{ input: { ref: index === 0 ? field.ref : undefined } }} />}
                      label={t(outcomeKey[outcome])}
                    />
                  ))}
                </RadioGroup>
                {errors.status ? <FormHelperText>{errors.status.message}</FormHelperText> : null}
              </FormControl>
            )}
          />
          <TextField
            {...register('answer')}
            label={t(textKey[status || 'DONE'])}
            multiline
            minRows={4}
            required
            error={Boolean(errors.answer)}
            helperText={
              errors.answer?.message ??
              `${t('privacyRequests.answerHelp')} ${text.length}/${privacyRequestLimits.answerMax}`
            }
            slotProps={{ htmlInput: { maxLength: privacyRequestLimits.answerMax } }}
          />
          {failure ? <FormError message={failure} /> : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <SubmitButton pending={isSubmitting}>{t('privacyRequests.send')}</SubmitButton>
      </DialogActions>
    </form>
  );
}
