import Box from '@mui/material/Box';
import Collapse from '@mui/material/Collapse';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { storyLimits } from '@fics/contracts';
import type { StoryFormValues } from './story-form-schema';
import { CountedHelperText } from '../../../../components/CountedHelperText';

/**
 * The anonymity and pseudonym switches (spec 001 §4: turning one on turns the other off) and the
 * pseudonym's value, required while its switch is on.
 */
export function AuthorshipFields({ disabled = false }: { disabled?: boolean }) {
  const { t } = useTranslation();
  const { control } = useFormContext<StoryFormValues>();
  const nickname = useWatch({ control, name: 'nickname' });
  const nicknameValue = useWatch({ control, name: 'nicknameValue' });

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 0.5 }}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
        {t('storyEditor.authorshipHint')}
      </Typography>
      <AuthorshipSwitch name="anonymity" label={t('storyEditor.anonymity')} disabled={disabled} />
      <AuthorshipSwitch name="nickname" label={t('storyEditor.nickname')} disabled={disabled} />
      <Collapse in={nickname} unmountOnExit>
        <Controller
          control={control}
          name="nicknameValue"
          render={({ field, fieldState }) => (
            <TextField
              {...field}
              label={t('storyEditor.nicknameValue')}
              size="small"
              disabled={disabled}
              error={Boolean(fieldState.error)}
              helperText={
                <CountedHelperText
                  message={fieldState.error?.message}
                  count={nicknameValue.length}
                  max={storyLimits.nicknameMax}
                />
              }
              sx={{ mt: 1 }}
            />
          )}
        />
      </Collapse>
    </Box>
  );
}

/**
 * One of the two switches: turning it on turns the other off. Whenever the pseudonym ends up off,
 * its value's error goes (it is only required while the pseudonym is on).
 */
function AuthorshipSwitch({
  name,
  label,
  disabled,
}: {
  name: 'anonymity' | 'nickname';
  label: string;
  disabled: boolean;
}) {
  const { control, setValue, clearErrors } = useFormContext<StoryFormValues>();
  const other = name === 'anonymity' ? 'nickname' : 'anonymity';
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <FormControlLabel
          label={label}
          disabled={disabled}
          control={
            <Switch
              checked={field.value}
              slotProps={{ input: { ref: field.ref } }}
              onBlur={field.onBlur}
              onChange={(_, on) => {
                field.onChange(on);
                if (on) {
                  setValue(other, false, { shouldDirty: true });
                }
                const nicknameOff = name === 'anonymity' ? on : !on;
                if (nicknameOff) {
                  clearErrors('nicknameValue');
                }
              }}
            />
          }
        />
      )}
    />
  );
}
