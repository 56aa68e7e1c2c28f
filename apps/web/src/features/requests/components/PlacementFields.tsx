import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { gradeLabel } from '@fics/contracts';
import { CycleLevelFields } from '../../../components/CycleLevelFields';
import { useCollegeOptions } from '../../../lib/resources';
import { OTHER, type PlacementValues } from '../placement';

/**
 * School and grade of both request forms (spec 000 §5): a school from the list or 'Otro' with its
 * typed name; a grade of that school or 'Otro' with cycle, level and name. 'Otro' school forces an
 * 'Otro' grade; changing the school clears the grade and changing the cycle clears the level.
 * Lives inside a react-hook-form FormProvider whose values include PlacementValues.
 */
export function PlacementFields() {
  const { t } = useTranslation();
  const { control, register, setValue, clearErrors, formState } = useFormContext<PlacementValues>();
  const colleges = useCollegeOptions();
  const [collegeId, gradeId] = useWatch({ control, name: ['collegeId', 'gradeId'] });
  const grades = colleges.data?.find((college) => college._id === collegeId)?.grades ?? [];
  const collegeTyped = collegeId === OTHER;
  const gradeTyped = collegeTyped || gradeId === OTHER;
  const { errors } = formState;
  const loadingHint = colleges.isPending ? t('common.loading') : undefined;
  const failedHint = colleges.isError ? t('errors.loadFailed') : undefined;

  return (
    <Stack spacing={2}>
      <Controller
        control={control}
        name="collegeId"
        render={({ field, fieldState }) => (
          <TextField
            select
            label={t('requests.college')}
            name={field.name}
            inputRef={field.ref}
            value={field.value}
            onChange={(event) => {
              field.onChange(event.target.value);
              setValue('gradeId', event.target.value === OTHER ? OTHER : '');
              // The grade chosen before belongs to the other school: so does its message.
              clearErrors('gradeId');
            }}
            onBlur={field.onBlur}
            required
            error={Boolean(fieldState.error)}
            helperText={fieldState.error?.message ?? failedHint ?? loadingHint}
          >
            {(colleges.data ?? []).map((college) => (
              <MenuItem key={college._id} value={college._id}>
                {college.name}
              </MenuItem>
            ))}
            <MenuItem value={OTHER}>{t('requests.other')}</MenuItem>
          </TextField>
        )}
      />
      {collegeTyped ? (
        <TextField
          {...register('collegeName')}
          label={t('requests.collegeName')}
          required
          error={Boolean(errors.collegeName)}
          helperText={errors.collegeName?.message}
        />
      ) : null}
      <Controller
        control={control}
        name="gradeId"
        render={({ field, fieldState }) => (
          <TextField
            select
            label={t('requests.grade')}
            name={field.name}
            inputRef={field.ref}
            value={collegeId ? field.value : ''}
            onChange={(event) => field.onChange(event.target.value)}
            onBlur={field.onBlur}
            required
            disabled={!collegeId || collegeTyped}
            error={Boolean(fieldState.error)}
            helperText={
              fieldState.error?.message ??
              (collegeId ? undefined : t('requests.chooseCollegeFirst')) ??
              (collegeTyped ? t('requests.gradeForcedOther') : undefined)
            }
          >
            {grades.map((grade) => (
              <MenuItem key={grade._id} value={grade._id}>
                {gradeLabel(grade)}
              </MenuItem>
            ))}
            <MenuItem value={OTHER}>{t('requests.other')}</MenuItem>
          </TextField>
        )}
      />
      {gradeTyped ? (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <CycleLevelFields control={control} setValue={setValue} fullWidth />
          <TextField
            {...register('gradeName')}
            fullWidth
            label={t('requests.gradeName')}
            required
            error={Boolean(errors.gradeName)}
            helperText={errors.gradeName?.message}
          />
        </Stack>
      ) : null}
    </Stack>
  );
}
