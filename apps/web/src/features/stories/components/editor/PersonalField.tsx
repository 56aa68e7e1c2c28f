import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { Controller, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { StoryFormValues } from './story-form-schema';

/**
 * 'Contiene información personal' (issue 22.7): a fic so marked is read only by its author, the
 * grade's teachers and administrators, even once published (docs/decisions/privacy.md). The hint
 * says so in the student's words, with examples of what counts.
 */
export function PersonalField({ disabled = false }: { disabled?: boolean }) {
  const { t } = useTranslation();
  const { control } = useFormContext<StoryFormValues>();
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 0.5 }}>
      <Controller
        control={control}
        name="personal"
        render={({ field }) => (
          <FormControlLabel
            label={t('storyEditor.personal')}
            disabled={disabled}
            control={
              <Switch
                checked={field.value}
                slotProps={{ input: { ref: field.ref, 'aria-describedby': 'story-personal-hint' } }}
                onBlur={field.onBlur}
                onChange={(_, on) => field.onChange(on)}
              />
            }
          />
        )}
      />
      <Typography id="story-personal-hint" variant="body2" color="text.secondary">
        {t('storyEditor.personalHint')}
      </Typography>
    </Box>
  );
}
