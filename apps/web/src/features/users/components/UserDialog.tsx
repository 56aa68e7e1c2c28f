import { useId, useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import CloseIcon from '#icons/Close';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  gradeLabel,
  roleDisplayNames,
  userMessages,
  type College,
  type Role,
  type RoleName,
  type User,
} from '@fics/contracts';
import { isApiError } from '../../../lib/api-client';
import { useErrorFocus } from '../../../components/error-focus';
import { applyServerErrors, serverFieldErrors } from '../../../components/form-errors';
import { FormError } from '../../../components/FormError';
import { PageLoader } from '../../../components/PageLoader';
import { SubmitButton } from '../../../components/SubmitButton';
import { useToast } from '../../../components/toast';
import { useSession } from '../../auth';
import { useColleges, useRoles } from '../../../lib/resources';
import { useCreateUser, useUpdateUser, type UserFilters } from '../api';
import {
  roleNameOf,
  toUserFormResult,
  userFormFields,
  userFormResolver,
  valuesFromUser,
  type UserFormValues,
} from '../user-form';
import { AvatarField } from './AvatarField';
import { GuardianConsentSection } from './GuardianConsentSection';
import { MembershipFields } from './MembershipFields';

/** 'create' may carry a preselection (the school view's 'Agregar alumnos'); 'edit' carries the user. */
export type UserDialogTarget =
  { mode: 'create'; preset?: Partial<UserFilters> } | { mode: 'edit'; user: User };

interface UserDialogProps {
  target: UserDialogTarget;
  onClose: () => void;
}

/** Spec 000 §2 Dialogs on the user list: Add user and Edit user. */
export function UserDialog({ target, onClose }: UserDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const session = useSession();
  const roles = useRoles();
  const colleges = useColleges();
  const [busy, setBusy] = useState(false);
  const title = target.mode === 'create' ? t('users.createTitle') : t('users.editTitle');
  const close = busy ? undefined : onClose;

  let content;
  if (roles.isError || colleges.isError) {
    content = (
      <DialogContent>
        <FormError message={t('errors.loadFailed')} sx={{ mt: 0 }} />
      </DialogContent>
    );
  } else if (!roles.data || !colleges.data || session.status !== 'authenticated') {
    content = (
      <DialogContent>
        <PageLoader />
      </DialogContent>
    );
  } else {
    content = (
      <UserForm
        target={target}
        roles={roles.data}
        colleges={colleges.data}
        onDone={onClose}
        onCancel={onClose}
        onBusyChange={setBusy}
      />
    );
  }

  return (
    <Dialog open onClose={close} aria-labelledby={titleId} fullWidth maxWidth="sm" fullScreen={fullScreen}>
      <DialogTitle id={titleId} sx={{ pr: 7 }}>
        {title}
      </DialogTitle>
      <IconButton
        aria-label={t('common.close')}
        onClick={close}
        disabled={busy}
        sx={{ position: 'absolute', right: 12, top: 12 }}
      >
        <CloseIcon />
      </IconButton>
      {content}
    </Dialog>
  );
}

function initialValues(target: UserDialogTarget, roles: readonly Role[], actorRole: RoleName | null) {
  if (target.mode === 'edit') {
    return valuesFromUser(target.user);
  }
  const preset = target.preset ?? {};
  // A teacher creates students only (spec 000 §5): the role is fixed.
  const studentRoleId = roles.find((role) => role.name === 'STUDENT')?._id ?? '';
  const role = actorRole === 'TEACHER' ? studentRoleId : (preset.roleId ?? '');
  const roleName = roleNameOf(roles, role);
  const collegeId = preset.collegeId ?? '';
  const gradeId = preset.gradeId ?? '';
  if (roleName === 'TEACHER' && collegeId && gradeId) {
    return {
      name: '',
      email: '',
      role,
      collegeId: '',
      gradeId: '',
      pairs: [{ collegeId, gradeId }],
      birthYear: '',
    };
  }
  return { name: '', email: '', role, collegeId, gradeId, pairs: [], birthYear: '' };
}

function UserForm({
  target,
  roles,
  colleges,
  onDone,
  onCancel,
  onBusyChange,
}: {
  target: UserDialogTarget;
  roles: readonly Role[];
  colleges: readonly College[];
  onDone: () => void;
  onCancel: () => void;
  onBusyChange: (busy: boolean) => void;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const { role: actorRole } = useSession();
  const isAdmin = actorRole === 'ADMIN';
  const createUser = useCreateUser();
  const updateUser = useUpdateUser();
  const [failure, setFailure] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const resolver = useMemo(() => userFormResolver(roles), [roles]);
  const form = useForm<UserFormValues>({
    resolver,
    defaultValues: initialValues(target, roles, actorRole),
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
  const roleId = useWatch({ control, name: 'role' });
  const roleName = roleNameOf(roles, roleId);
  const editedUser = target.mode === 'edit' ? target.user : null;

  // An edited user's current schools and grades stay nameable even where the options lack them.
  const fallbackLabels = useMemo(() => {
    const labels = new Map<string, string>();
    for (const grade of editedUser?.gradeId ?? []) {
      const college = editedUser?.collegeId.find((c) => c._id === grade.collegeId);
      labels.set(grade._id, college ? `${college.name} · ${gradeLabel(grade)}` : gradeLabel(grade));
    }
    return labels;
  }, [editedUser]);

  const onSubmit = handleSubmit(async (values) => {
    if (fileError) {
      errorFocus.focusFirstError();
      return;
    }
    setFailure(null);
    onBusyChange(true);
    const result = toUserFormResult(values, roleNameOf(roles, values.role));
    try {
      if (editedUser) {
        await updateUser.mutateAsync({
          userId: editedUser._id,
          ...result,
          // Only an administrator changes roles (spec 000 §6); a teacher keeps the user's own.
          role: isAdmin ? result.role : undefined,
          file,
        });
        toast.success(userMessages.userUpdated);
      } else {
        await createUser.mutateAsync(result);
        toast.success(userMessages.userCreated);
      }
      onDone();
    } catch (error) {
      // Field messages go under their fields (a VALIDATION_ERROR, the 409 of a taken e-mail, or the
      // 413 of an avatar over the limit, which names the file).
      const { file: fileMessage } = serverFieldErrors(error, ['file']);
      if (fileMessage) {
        setFileError(fileMessage);
        errorFocus.focusFirstError();
      }
      if (
        applyServerErrors(error, setError, userFormFields, { focus: errorFocus.focusFirstError }) ||
        fileMessage
      ) {
        return;
      }
      if (isApiError(error) && [403, 404, 409, 413].includes(error.status) && error.message) {
        // The server explains these in Spanish (scope, last administrator, deleted meanwhile).
        setFailure(error.message);
        return;
      }
      toast.error(t('errors.generic'));
      setFailure(t('errors.genericInline'));
    } finally {
      onBusyChange(false);
    }
  }, errorFocus.focusFirstError);

  const nameField = (
    <TextField
      key="name"
      {...register('name')}
      label={t('users.name')}
      autoComplete="off"
      disabled={isSubmitting}
      error={Boolean(errors.name)}
      helperText={errors.name?.message}
    />
  );
  const emailField = (
    <TextField
      key="email"
      {...register('email')}
      label={t('users.email')}
      type="email"
      autoComplete="off"
      disabled={isSubmitting}
      error={Boolean(errors.email)}
      helperText={errors.email?.message}
    />
  );

  return (
    <Box component="form" ref={errorFocus.ref} noValidate onSubmit={onSubmit} sx={{ display: 'contents' }}>
      <DialogContent dividers>
        <Stack spacing={2.5}>
          {editedUser ? (
            <AvatarField
              name={editedUser.name}
              currentUrl={editedUser.profilePicture?.url ?? null}
              file={file}
              onChange={setFile}
              error={fileError}
              onError={setFileError}
              disabled={isSubmitting}
            />
          ) : null}
          {/* The spec lists the add dialog's fields as name, e-mail and the edit dialog's as e-mail, name. */}
          {editedUser ? [emailField, nameField] : [nameField, emailField]}
          {isAdmin ? (
            <Controller
              control={control}
              name="role"
              render={({ field, fieldState }) => (
                <TextField
                  select
                  label={t('users.role')}
                  name={field.name}
                  inputRef={field.ref}
                  value={roles.some((role) => role._id === field.value) ? field.value : ''}
                  onBlur={field.onBlur}
                  onChange={(event) => field.onChange(event.target.value)}
                  disabled={isSubmitting}
                  error={Boolean(fieldState.error)}
                  helperText={fieldState.error?.message}
                >
                  {roles.map((role) => (
                    <MenuItem key={role._id} value={role._id}>
                      {roleDisplayNames[role.name]}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
          ) : (
            <TextField
              label={t('users.role')}
              value={roleName ? roleDisplayNames[roleName] : ''}
              disabled
              helperText={editedUser ? t('users.roleFixed') : t('users.teacherCreatesStudents')}
            />
          )}
          {roleName === 'STUDENT' || roleName === 'TEACHER' ? (
            <MembershipFields
              form={form}
              mode={roleName}
              colleges={colleges}
              fallbackLabels={fallbackLabels}
              disabled={isSubmitting}
            />
          ) : null}
          {roleName === 'STUDENT' ? (
            <TextField
              {...register('birthYear')}
              label={t('guardianConsent.birthYear')}
              inputMode="numeric"
              autoComplete="off"
              disabled={isSubmitting}
              error={Boolean(errors.birthYear)}
              helperText={errors.birthYear?.message ?? t('guardianConsent.birthYearHelp')}
            />
          ) : null}
          {editedUser?.role.name === 'STUDENT' ? <GuardianConsentSection userId={editedUser._id} /> : null}
          {editedUser ? null : <Alert severity="info">{t('users.invitationNote')}</Alert>}
          <FormError message={failure} />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button onClick={onCancel} disabled={isSubmitting}>
          {t('common.cancel')}
        </Button>
        <SubmitButton pending={isSubmitting}>{editedUser ? t('users.save') : t('users.create')}</SubmitButton>
      </DialogActions>
    </Box>
  );
}
