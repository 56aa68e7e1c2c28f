import { forwardRef, useState, type ChangeEvent } from 'react';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TextFieldProps } from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { PasswordField } from './PasswordField';
import { usePasswordStrength, type PasswordIdentity } from './password-strength';

const levels = ['veryWeak', 'weak', 'fair', 'good', 'veryGood'] as const;
/** Filled segments' colour by score: refused scores (0-2) in warning hues, accepted ones in green. */
const colors = ['error.main', 'error.main', 'warning.main', 'success.main', 'success.dark'] as const;

type NewPasswordFieldProps = Omit<TextFieldProps, 'type'> & {
  /** Whose password it is: their e-mail and name make a password weaker, as on the server. */
  identity: PasswordIdentity;
};

/**
 * The field where a password is chosen (recovery and invitation page, and any future form that sets
 * one): PasswordField plus a strength meter in Spanish, live as the user types. Pair it with
 * withPasswordStrength on the form's schema, so a weak password is refused with the server's message
 * before submitting. Pass react-hook-form's `register(...)` props straight in.
 */
export const NewPasswordField = forwardRef<HTMLInputElement, NewPasswordFieldProps>(function NewPasswordField(
  { identity, onChange, ...props },
  ref,
) {
  const [typed, setTyped] = useState('');
  const strength = usePasswordStrength(typed, identity);
  const handleChange = (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    setTyped(event.target.value);
    onChange?.(event);
  };
  return (
    <Stack spacing={1}>
      <PasswordField {...props} ref={ref} onChange={handleChange} />
      {/* Always laid out, hidden until there is an estimate: the meter appearing once the dictionaries
          have loaded would move the fields and the button under it, right where the user (or a test)
          is about to click. */}
      <StrengthMeter score={strength?.score ?? null} />
    </Stack>
  );
});

/**
 * Five segments and the level in words; a `meter` for assistive technology, its value the score 0-4.
 * Without a score (nothing typed, or the dictionaries still loading) it keeps its place, hidden.
 */
function StrengthMeter({ score }: { score: number | null }) {
  const { t } = useTranslation();
  if (score === null) {
    return (
      <Stack
        spacing={0.5}
        sx={{ px: 1.75, visibility: 'hidden' }}
        aria-hidden
        data-testid="strength-placeholder"
      >
        <Box sx={{ height: 6 }} />
        <Typography variant="caption">&nbsp;</Typography>
      </Stack>
    );
  }
  const level = t(`passwordStrength.levels.${levels[score] ?? 'veryWeak'}`);
  return (
    <Stack spacing={0.5} sx={{ px: 1.75 }}>
      <Box
        role="meter"
        aria-label={t('passwordStrength.label')}
        aria-valuemin={0}
        aria-valuemax={4}
        aria-valuenow={score}
        aria-valuetext={level}
        sx={{ display: 'flex', gap: 0.5 }}
      >
        {levels.map((key, index) => (
          <Box
            key={key}
            sx={{
              flex: 1,
              height: 6,
              borderRadius: 3,
              bgcolor: index <= score ? colors[score] : 'action.disabledBackground',
              transition: 'background-color 150ms',
            }}
          />
        ))}
      </Box>
      {/* Read out when the level changes, not on every key. */}
      <Typography variant="caption" color="text.secondary" aria-live="polite">
        {t('passwordStrength.level', { level })}
      </Typography>
    </Stack>
  );
}
