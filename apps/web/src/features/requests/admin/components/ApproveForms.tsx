import { useState, type BaseSyntheticEvent, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import {
  Controller,
  useForm,
  useWatch,
  type Control,
  type FieldValues,
  type Path,
  type UseFormSetError,
  type UseFormSetValue,
} from 'react-hook-form';
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
import { useErrorFocus, type ErrorFocus } from '../../../../components/error-focus';
import { applyServerErrors, type ServerFields } from '../../../../components/form-errors';
import { FormError } from '../../../../components/FormError';
import { SubmitButton } from '../../../../components/SubmitButton';
import { useToast } from '../../../../components/toast';
import { useCollegeGrades, useColleges, useRoles } from '../../../../lib/resources';
import { useAcceptChangeRequest, useAcceptRegisterRequest } from '../../admin-api';
import { useActionFailure, type RequestKind } from '../action-outcome';

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

/**
 * What both approve forms do with a valid body: accept the request, say so and finish; or put the
 * server's messages on their fields, finish as 'conflict' when someone else handled the request
 * first, or say it failed under the form.
 */
function useApproveSubmit<T extends FieldValues, B>(options: {
  kind: RequestKind;
  accept: (body: B) => Promise<unknown>;
  setError: UseFormSetError<T>;
  fields: ServerFields<Path<T>>;
  onFinished: (outcome: ApproveOutcome) => void;
}): { inline: string | null; submit: (body: B) => Promise<void>; errorFocus: ErrorFocus<HTMLFormElement> } {
  const { kind, accept, setError, fields, onFinished } = options;
  const { t } = useTranslation();
  const toast = useToast();
  const failure = useActionFailure(kind);
  const [inline, setInline] = useState<string | null>(null);
  const errorFocus = useErrorFocus();
  const submit = async (body: B) => {
    setInline(null);
    try {
      await accept(body);
      toast.success(t('requestsAdmin.approved'));
      onFinished('approved');
    } catch (error) {
      if (applyServerErrors(error, setError, fields, { focus: errorFocus.focusFirstError })) {
        return;
      }
      if (failure(error) === 'conflict') {
        onFinished('conflict');
      } else {
        setInline(t('errors.genericInline'));
      }
    }
  };
  return { inline, submit, errorFocus };
}

/** The approve form's frame: its fields, the failure line, Cancelar and Aprobar. */
function ApproveFormShell({
  onSubmit,
  formRef,
  inline,
  pending,
  onCancel,
  children,
}: {
  onSubmit: (event?: BaseSyntheticEvent) => Promise<void>;
  formRef: ErrorFocus<HTMLFormElement>['ref'];
  inline: string | null;
  pending: boolean;
  onCancel: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Box
      component="form"
      ref={formRef}
      noValidate
      onSubmit={onSubmit}
      aria-label={t('requestsAdmin.approve')}
    >
      <DialogContent sx={{ pt: 1 }}>
        <Stack spacing={2.5} sx={{ pt: 1 }}>
          {children}
          <FormError message={inline} />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button onClick={onCancel} disabled={pending}>
          {t('common.cancel')}
        </Button>
        <SubmitButton pending={pending}>{t('requestsAdmin.approve')}</SubmitButton>
      </DialogActions>
    </Box>
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
  const accept = useAcceptChangeRequest();
  const {
    control,
    handleSubmit,
    setValue,
    setError,
    formState: { isSubmitting },
  } = useForm<ChangeInput, unknown, ChangeOutput>({
    resolver: zodResolver(acceptChangeRequestBodySchema),
    defaultValues: { ...(defaults ?? requestPlacement(request)), adminComments: '' },
    shouldFocusError: false,
  });
  const { inline, submit, errorFocus } = useApproveSubmit({
    kind: 'change',
    accept: (body: ChangeOutput) => accept.mutateAsync({ id: request._id, body }),
    setError,
    fields: ['collegeId', 'gradeId', 'adminComments'],
    onFinished,
  });

  return (
    <ApproveFormShell
      onSubmit={handleSubmit(submit, errorFocus.focusFirstError)}
      formRef={errorFocus.ref}
      inline={inline}
      pending={isSubmitting}
      onCancel={onCancel}
    >
      <PlacementFields control={control} setValue={setValue} />
      <CommentsField control={control} />
    </ApproveFormShell>
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
  const roles = useRoles();
  const accept = useAcceptRegisterRequest();
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
    shouldFocusError: false,
  });
  const { inline, submit, errorFocus } = useApproveSubmit({
    kind: 'register',
    accept: (body: RegisterOutput) => accept.mutateAsync({ id: request._id, body }),
    setError,
    fields: ['name', 'email', 'role', 'collegeId', 'gradeId', 'adminComments'],
    onFinished,
  });

  return (
    <ApproveFormShell
      onSubmit={handleSubmit(submit, errorFocus.focusFirstError)}
      formRef={errorFocus.ref}
      inline={inline}
      pending={isSubmitting}
      onCancel={onCancel}
    >
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
    </ApproveFormShell>
  );
}
