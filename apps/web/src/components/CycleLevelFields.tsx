import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import {
  Controller,
  useWatch,
  type Control,
  type FieldValues,
  type Path,
  type PathValue,
  type UseFormSetValue,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { gradeCycleNames, gradeCycles } from '@fics/contracts';

/** The levels of a cycle (spec 000 §5 Grade); none until a cycle is chosen. */
export function levelsOfCycle(cicle: string): readonly string[] {
  return (gradeCycles as Record<string, readonly string[] | undefined>)[cicle] ?? [];
}

interface CycleLevelFieldsProps<T extends FieldValues> {
  /** A form whose values hold `cicle` and `level` (strings). */
  control: Control<T>;
  setValue: UseFormSetValue<T>;
  fullWidth?: boolean;
}

/**
 * A grade's cycle, then a level of that cycle (spec 000 §5 Grade): changing the cycle clears the
 * level, and the level waits for a cycle. Used by the grade form and the requests' typed grade.
 */
export function CycleLevelFields<T extends FieldValues>({
  control,
  setValue,
  fullWidth = false,
}: CycleLevelFieldsProps<T>) {
  const { t } = useTranslation();
  const cicleName = 'cicle' as Path<T>;
  const levelName = 'level' as Path<T>;
  const cicle = useWatch({ control, name: cicleName }) as string;
  const levels = levelsOfCycle(cicle);
  return (
    <>
      <Controller
        control={control}
        name={cicleName}
        render={({ field, fieldState }) => (
          <TextField
            select
            fullWidth={fullWidth}
            label={t('gradeFields.cycle')}
            name={field.name}
            inputRef={field.ref}
            value={field.value}
            onChange={(event) => {
              field.onChange(event.target.value);
              setValue(levelName, '' as PathValue<T, Path<T>>);
            }}
            onBlur={field.onBlur}
            required
            error={Boolean(fieldState.error)}
            helperText={fieldState.error?.message}
          >
            {gradeCycleNames.map((name) => (
              <MenuItem key={name} value={name}>
                {name}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      <Controller
        control={control}
        name={levelName}
        render={({ field, fieldState }) => (
          <TextField
            select
            fullWidth={fullWidth}
            label={t('gradeFields.level')}
            name={field.name}
            inputRef={field.ref}
            value={levels.includes(field.value) ? field.value : ''}
            onChange={(event) => field.onChange(event.target.value)}
            onBlur={field.onBlur}
            required
            disabled={levels.length === 0}
            error={Boolean(fieldState.error)}
            helperText={
              fieldState.error?.message ??
              (levels.length === 0 ? t('gradeFields.chooseCycleFirst') : undefined)
            }
          >
            {levels.map((name) => (
              <MenuItem key={name} value={name}>
                {name}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
    </>
  );
}
