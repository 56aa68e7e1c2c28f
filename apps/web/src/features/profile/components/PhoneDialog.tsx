/** The phone edit dialog: react-phone-number-input with bundled flags (no CDN), default country CL. */
import { forwardRef, useId, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import PhoneInput, { isValidPhoneNumber } from 'react-phone-number-input';
import flags from 'react-phone-number-input/flags';
import spanishLabels from 'react-phone-number-input/locale/es';
import 'react-phone-number-input/style.css';
import { z } from 'zod';
import { userMessages, type User } from '@fics/contracts';
import { FormError } from '../../../components/FormError';
import { SubmitButton } from '../../../components/SubmitButton';
import { useToast } from '../../../components/toast';
import { useErrorFocus } from '../../../components/error-focus';
import { applyServerErrors } from '../../../components/form-errors';
import { useUpdateProfile } from '../api';

/** Spec 000 §9: default phone country CL. */
const DEFAULT_COUNTRY = 'CL';

/** The library's country select (a flag over a native select) beside MUI's outlined field. */
const phoneInputSx = {
  '& .PhoneInput': { alignItems: 'flex-start', gap: 1.5 },
  '& .PhoneInputCountry': { height: 56, '--PhoneInputCountryFlag-height': '1.4em' },
  '& .PhoneInputCountrySelect:focus-visible + .PhoneInputCountryIcon': {
    outline: '2px solid',
    outlineColor: 'primary.main',
    outlineOffset: 2,
  },
} as const;

/*
 * The client checks with the library's small metadata (lengths per country); the server checks the
 * full patterns and answers the same message under the field when a number only looked right.
 */
const phoneFormSchema = z.object({
  phoneNumber: z
    .string({ error: userMessages.phoneInvalid })
    .refine((value) => isValidPhoneNumber(value), userMessages.phoneInvalid),
});
type PhoneForm = z.infer<typeof phoneFormSchema>;

/** MUI's field as the library's number input; the library hands it value, onChange and the ref. */
const PhoneTextField = forwardRef<HTMLInputElement, TextFieldProps>(function PhoneTextField(props, ref) {
  return <TextField {...props} inputRef={ref} />;
});

export function PhoneDialog({ user, onClose }: { user: User; onClose: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const titleId = useId();
  const hintId = useId();
  const update = useUpdateProfile(user._id);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    control,
    handleSubmit,
    setError,
    clearErrors,
    formState: { errors },
  } = useForm<PhoneForm>({
    resolver: zodResolver(phoneFormSchema),
    defaultValues: { phoneNumber: user.phoneNumber ?? '' },
    shouldFocusError: false,
  });
  const errorFocus = useErrorFocus();

  const save = async (phoneNumber: string | null) => {
    setFailure(null);
    clearErrors();
    try {
      await update.mutateAsync({ phoneNumber });
      toast.success(userMessages.phoneUpdated);
      onClose();
    } catch (error) {
      if (!applyServerErrors(error, setError, ['phoneNumber'], { focus: errorFocus.focusFirstError })) {
        toast.error(t('errors.generic'));
        setFailure(t('errors.genericInline'));
      }
    }
  };

  const pending = update.isPending;
  return (
    <Dialog
      open
      onClose={pending ? undefined : onClose}
      aria-labelledby={titleId}
      aria-describedby={hintId}
      maxWidth="xs"
      fullWidth
    >
      <Box
        component="form"
        ref={errorFocus.ref}
        noValidate
        onSubmit={(event) =>
          void handleSubmit((data) => save(data.phoneNumber), errorFocus.focusFirstError)(event)
        }
      >
        <DialogTitle id={titleId}>{t('profile.phoneTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText id={hintId} sx={{ mb: 2 }}>
            {t('profile.phoneHint')}
          </DialogContentText>
          <Box sx={phoneInputSx}>
            <Controller
              control={control}
              name="phoneNumber"
              render={({ field }) => (
                <PhoneInput
                  value={field.value}
                  onChange={(value) => field.onChange(value ?? '')}
                  onBlur={field.onBlur}
                  defaultCountry={DEFAULT_COUNTRY}
                  flags={flags}
                  labels={{ ...spanishLabels, country: t('profile.phoneCountry') }}
                  inputComponent={PhoneTextField}
                  label={t('profile.phoneLabel')}
                  autoFocus
                  autoComplete="tel"
                  disabled={pending}
                  error={Boolean(errors.phoneNumber)}
                  helperText={errors.phoneNumber?.message}
                />
              )}
            />
          </Box>
          <FormError message={failure} />
        </DialogContent>
        <DialogActions sx={{ flexWrap: 'wrap', gap: 1, px: 3, pb: 2 }}>
          {user.phoneNumber ? (
            <Button
              color="error"
              onClick={() => void save(null)}
              disabled={pending}
              sx={{ mr: 'auto', color: 'error.dark' }}
            >
              {t('profile.clearPhone')}
            </Button>
          ) : null}
          <Button onClick={onClose} disabled={pending}>
            {t('profile.cancel')}
          </Button>
          <SubmitButton pending={pending}>{t('profile.savePhone')}</SubmitButton>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
