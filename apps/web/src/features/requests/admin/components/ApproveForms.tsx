import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { Controller, useForm, useWatch, type Control, type UseFormSetValue } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import {
  acceptChangeRequestBodySchema,
  acceptRegisterRequestBodySchema,
  gradeLabel,
  requestLimits,
  roleDisplayNames,
  type ChangeRequest,
  type RegisterRequest,
} from '@fics/contracts';
import { applyServerErrors } from '../../../../components/form-errors';
import { FormError } from '../../../../components/FormError';
import { SubmitButton } from '../../../../components/SubmitButton';
import { useToast } from '../../../../components/toast';
import { useCollegeGrades, useColleges, useRoles } from '../../../../lib/resources';
import { useAcceptChangeRequest, useAcceptRegisterRequest } from '../../admin-api';
import { useActionFailure } from '../action-outcome';

/** How an approve form ended: approved, or refused because someone else handled the request. */
export type ApproveOutcome = 'approved' | 'conflict';

/** The school and grade to start from (the request's, or the ones a wizard just created). */
export interface PlacementDefaults {
  collegeId: string;
  gradeId: string;
}

interface PlacementValues {
  collegeId: string;
  gradeId: string;
  adminComments?: string;
}

/** School, then one of its grades; changing the school clears the grade (spec 000 §2 Approve flow). */
function PlacementFields<T extends PlacementValues>({
  control,
  setValue,
}: {
  control: Control<T>;
  setValue: UseFormSetValue<T>;
}) {
  const { t } = useTranslation();
  // The generic form's fields, seen through the shape they all share.
  const shared = control as unknown as Control<PlacementValues>;
  const setShared = setValue as unknown as UseFormSetValue<PlacementValues>;
  const colleges = useColleges();
  const collegeId = useWatch({ control: shared, name: 'collegeId' });
  const grades = useCollegeGrades(collegeId);
  const gradeOptions = grades.data ?? [];
  return (
    <>
      <Controller
        control={shared}
        name="collegeId"
        render={({ field, fieldState }) => (
          <TextField
            select
            label={t('requestsAdmin.school')}
            name={field.name}
            inputRef={field.ref}
            value={colleges.data?.some((c) => c._id === field.value) ? field.value : ''}
            onChange={(event) => {
              field.onChange(event.target.value);
              setShared('gradeId', '');
            }}
            onBlur={field.onBlur}
            required
            error={Boolean(fieldState.error)}
            helperText={fieldState.error?.message}
          >
            {(colleges.data ?? []).map((college) => (
              <MenuItem key={college._id} value={college._id}>
                {college.name}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      <Controller
        control={shared}
        name="gradeId"
        render={({ field, fieldState }) => (
          <TextField
            select
            label={t('requestsAdmin.grade')}
            name={field.name}
            inputRef={field.ref}
            value={gradeOptions.some((g) => g._id === field.value) ? field.value : ''}
            onChange={(event) => field.onChange(event.target.value)}
            onBlur={field.onBlur}
            required
            disabled={!collegeId}
            error={Boolean(fieldState.error)}
            helperText={
              fieldState.error?.message ?? (collegeId ? undefined : t('requestsAdmin.chooseSchoolFirst'))
            }
          >
            {gradeOptions.map((grade) => (
              <MenuItem key={grade._id} value={grade._id}>
                {gradeLabel(grade)}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
    </>
  );
}

function CommentsField({ control }: { control: Control<PlacementValues> }) {
  const { t } = useTranslation();
  return (
    <Controller
      control={control}
      name="adminComments"
      render={({ field, fieldState }) => (
        <TextField
          label={t('requestsAdmin.commentsLabel')}
          name={field.name}
          inputRef={field.ref}
          value={field.value ?? ''}
          onChange={field.onChange}
          onBlur={field.onBlur}
          multiline
          minRows={2}
          error={Boolean(fieldState.error)}
          helperText={
            fieldState.error?.message ??
            t('requestsAdmin.counter', {
              count: (field.value ?? '').length,
              max: requestLimits.adminCommentsMax,
            })
          }
        />
      )}
    />
  );
}

function FormButtons({ pending, onCancel }: { pending: boolean; onCancel: () => void }) {
  const { t } = useTranslation();
  return (
    <DialogActions sx={{ px: 3, pb: 2.5 }}>
      <Button onClick={onCancel} disabled={pending}>
        {t('common.cancel')}
      </Button>
      <SubmitButton pending={pending}>{t('requestsAdmin.approve')}</SubmitButton>
    </DialogActions>
  );
}

interface ApproveFormProps<R> {
  request: R;
  /** Preselected school and grade; by default the request's. */
  defaults?: PlacementDefaults;
  onCancel: () => void;
  onFinished: (outcome: ApproveOutcome) => void;
}

const requestPlacement = (request: ChangeRequest | RegisterRequest): PlacementDefaults => ({
  collegeId: request.collegeId?._id ?? '',
  gradeId: request.gradeId?._id ?? '',
});

type ChangeInput = z.input<typeof acceptChangeRequestBodySchema>;
type ChangeOutput = z.output<typeof acceptChangeRequestBodySchema>;

/** Spec 000 §5 Change request approve: school and grade (required) and optional comments. */
export function ChangeApproveForm({
  request,
  defaults,
  onCancel,
  onFinished,
}: ApproveFormProps<ChangeRequest>) {
  const { t } = useTranslation();
  const toast = useToast();
  const accept = useAcceptChangeRequest();
  const failure = useActionFailure('change');
  const [inline, setInline] = useState<string | null>(null);
  const {
    control,
    handleSubmit,
    setValue,
    setError,
    formState: { isSubmitting },
  } = useForm<ChangeInput, unknown, ChangeOutput>({
    resolver: zodResolver(acceptChangeRequestBodySchema),
    defaultValues: { ...(defaults ?? requestPlacement(request)), adminComments: '' },
  });

  const onSubmit = handleSubmit(async (body) => {
    setInline(null);
    try {
      await accept.mutateAsync({ id: request._id, body });
      toast.success(t('requestsAdmin.approved'));
      onFinished('approved');
    } catch (error) {
      if (applyServerErrors(error, setError, ['collegeId', 'gradeId', 'adminComments'])) {
        return;
      }
      if (failure(error) === 'conflict') {
        onFinished('conflict');
      } else {
        setInline(t('errors.genericInline'));
      }
    }
  });

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label={t('requestsAdmin.approve')}>
      <DialogContent sx={{ pt: 1 }}>
        <Stack spacing={2.5} sx={{ pt: 1 }}>
          <PlacementFields control={control} setValue={setValue} />
          <CommentsField control={control} />
          <FormError message={inline} />
        </Stack>
      </DialogContent>
      <FormButtons pending={isSubmitting} onCancel={onCancel} />
    </Box>
  );
}

type RegisterInput = z.input<typeof acceptRegisterRequestBodySchema>;
type RegisterOutput = z.output<typeof acceptRegisterRequestBodySchema>;

/**
 * Spec 000 §5 Account approval form: name, the request's e-mail (read-only), role (Estudiante or
 * Docente), school, grade and optional comments.
 */
export function RegisterApproveForm({
  request,
  defaults,
  onCancel,
  onFinished,
}: ApproveFormProps<RegisterRequest>) {
  const { t } = useTranslation();
  const toast = useToast();
  const roles = useRoles();
  const accept = useAcceptRegisterRequest();
  const failure = useActionFailure('register');
  const [inline, setInline] = useState<string | null>(null);
  const roleOptions = (roles.data ?? []).filter((role) => role.name !== 'ADMIN');
  const {
    control,
    register,
    handleSubmit,
    setValue,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<RegisterInput, unknown, RegisterOutput>({
    resolver: zodResolver(acceptRegisterRequestBodySchema),
    defaultValues: {
      name: request.name,
      email: request.email,
      role: request.role.name === 'ADMIN' ? '' : request.role._id,
      ...(defaults ?? requestPlacement(request)),
      adminComments: '',
    },
  });

  const onSubmit = handleSubmit(async (body) => {
    setInline(null);
    try {
      await accept.mutateAsync({ id: request._id, body });
      toast.success(t('requestsAdmin.approved'));
      onFinished('approved');
    } catch (error) {
      if (
        applyServerErrors(error, setError, ['name', 'email', 'role', 'collegeId', 'gradeId', 'adminComments'])
      ) {
        return;
      }
      if (failure(error) === 'conflict') {
        onFinished('conflict');
      } else {
        setInline(t('errors.genericInline'));
      }
    }
  });

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label={t('requestsAdmin.approve')}>
      <DialogContent sx={{ pt: 1 }}>
        <Stack spacing={2.5} sx={{ pt: 1 }}>
          <TextField
            {...register('name')}
            label={t('requestsAdmin.name')}
            required
            error={Boolean(errors.name)}
            helperText={errors.name?.message}
          />
          <TextField
            {...register('email')}
            label={t('requestsAdmin.email')}
            required
            slotProps={{ htmlInput: { readOnly: true } }}
            error={Boolean(errors.email)}
            helperText={errors.email?.message ?? t('requestsAdmin.emailFixed')}
          />
          <Controller
            control={control}
            name="role"
            render={({ field, fieldState }) => (
              <TextField
                select
                label={t('requestsAdmin.role')}
                name={field.name}
                inputRef={field.ref}
                value={roleOptions.some((role) => role._id === field.value) ? field.value : ''}
                onChange={(event) => field.onChange(event.target.value)}
                onBlur={field.onBlur}
                required
                error={Boolean(fieldState.error)}
                helperText={fieldState.error?.message}
              >
                {roleOptions.map((role) => (
                  <MenuItem key={role._id} value={role._id}>
                    {roleDisplayNames[role.name]}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
          <PlacementFields control={control} setValue={setValue} />
          <CommentsField control={control as unknown as Control<PlacementValues>} />
          <Alert severity="info">{t('requestsAdmin.invitationNote')}</Alert>
          <FormError message={inline} />
        </Stack>
      </DialogContent>
      <FormButtons pending={isSubmitting} onCancel={onCancel} />
    </Box>
  );
}
