import { useId, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import {
  createChangeRequestBodySchema,
  requestLimits,
  requestMessages,
  type CreateChangeRequestBody,
  type User,
} from '@fics/contracts';
import { isApiError } from '../../../lib/api-client';
import { useErrorFocus } from '../../../components/error-focus';
import { applyServerErrors } from '../../../components/form-errors';
import { FormError } from '../../../components/FormError';
import { SubmitButton } from '../../../components/SubmitButton';
import { useToast } from '../../../components/toast';
import { useSendChangeRequest } from '../api';
import { emptyPlacement, OTHER, placementBody, reportIssues, type PlacementValues } from '../placement';
import { PlacementFields } from './PlacementFields';

interface ChangeValues extends PlacementValues {
  studentExplanation: string;
}

/**
 * The contract's schema on the API's body, plus the client-side refusal of spec 000 §5: the
 * student's current school and grade ('Usted ya se encuentra asignado al establecimiento y curso.').
 */
function changeFormSchema(user: User) {
  const currentGrades = new Set(user.gradeId.map((grade) => grade._id));
  return z
    .object({
      studentExplanation: z.string(),
      collegeId: z.string(),
      collegeName: z.string(),
      gradeId: z.string(),
      gradeName: z.string(),
      cicle: z.string(),
      level: z.string(),
    })
    .transform((values, ctx): CreateChangeRequestBody => {
      const result = createChangeRequestBodySchema.safeParse({
        ...placementBody(values),
        studentExplanation: values.studentExplanation,
      });
      // Shown with the other messages, not only once they are fixed.
      const same = values.collegeId !== OTHER && currentGrades.has(values.gradeId);
      if (same) {
        ctx.addIssue({ code: 'custom', path: ['gradeId'], message: requestMessages.sameAssignment });
      }
      if (!result.success) {
        reportIssues(
          result.error.issues.filter((issue) => !(same && issue.path[0] === 'gradeId')),
          values,
          ctx,
        );
      }
      return result.success && !same ? result.data : z.NEVER;
    });
}

const serverFields = [
  'collegeId',
  'collegeName',
  'gradeId',
  'gradeName',
  'cicle',
  'level',
  'studentExplanation',
] as const;

interface ChangeRequestDialogProps {
  open: boolean;
  user: User;
  onClose: () => void;
}

/** Spec 000 §2 Profile, 'Solicitar modificación': the student asks for another school or grade. */
export function ChangeRequestDialog({ open, user, onClose }: ChangeRequestDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
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
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{t('requests.changeTitle')}</DialogTitle>
      <ChangeRequestForm key={session} user={user} onClose={onClose} />
    </Dialog>
  );
}

function ChangeRequestForm({ user, onClose }: { user: User; onClose: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const send = useSendChangeRequest();
  const [schema] = useState(() => changeFormSchema(user));
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<ChangeValues, unknown, CreateChangeRequestBody>({
    resolver: zodResolver(schema),
    defaultValues: { studentExplanation: '', ...emptyPlacement },
    shouldFocusError: false,
  });
  const errorFocus = useErrorFocus();
  const {
    control,
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = form;
  const explanation = useWatch({ control, name: 'studentExplanation' });

  const onSubmit = handleSubmit(async (body) => {
    setFailure(null);
    try {
      await send.mutateAsync(body);
      toast.success(t('requests.changeSent'));
      onClose();
    } catch (error) {
      if (applyServerErrors(error, setError, serverFields, { focus: errorFocus.focusFirstError })) {
        return;
      }
      // 409: a request already waits ('Ya tienes una solicitud de cambio pendiente').
      setFailure(
        isApiError(error) && error.status > 0 && error.status < 500 && error.message
          ? error.message
          : t('errors.genericInline'),
      );
    }
  }, errorFocus.focusFirstError);

  return (
    <FormProvider {...form}>
      <Box component="form" ref={errorFocus.ref} noValidate onSubmit={onSubmit}>
        <DialogContent sx={{ pt: 1 }}>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <Typography variant="body2" color="text.secondary">
              {t('requests.changeIntro')}
            </Typography>
            <PlacementFields />
            <TextField
              {...register('studentExplanation')}
              label={t('requests.explanation')}
              multiline
              minRows={3}
              required
              error={Boolean(errors.studentExplanation)}
              helperText={
                errors.studentExplanation?.message ??
                t('requests.explanationCounter', {
                  count: explanation.length,
                  min: requestLimits.explanationMin,
                  max: requestLimits.explanationMax,
                })
              }
            />
            <FormError message={failure} />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5 }}>
          <Button onClick={onClose} disabled={isSubmitting}>
            {t('common.cancel')}
          </Button>
          <SubmitButton pending={isSubmitting}>{t('common.send')}</SubmitButton>
        </DialogActions>
      </Box>
    </FormProvider>
  );
}
