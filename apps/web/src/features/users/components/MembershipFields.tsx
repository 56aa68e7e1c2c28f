import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import TextField from '@mui/material/TextField';
import AddIcon from '#icons/Add';
import CancelIcon from '#icons/Cancel';
import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { gradeLabel, userMessages, type College } from '@fics/contracts';
import { useCollegeGrades } from '../../../lib/resources';
import type { MembershipPair, UserFormValues } from '../user-form';

interface MembershipFieldsProps {
  form: UseFormReturn<UserFormValues>;
  /** 'STUDENT': one school and one grade; 'TEACHER': a list of school and grade pairs. */
  mode: 'STUDENT' | 'TEACHER';
  colleges: readonly College[];
  /** Names for pairs whose school the options no longer hold (an edited user's old membership). */
  fallbackLabels: ReadonlyMap<string, string>;
  disabled?: boolean;
}

/** The school and grade part of the add and edit dialogs (spec 000 §5 New user). */
export function MembershipFields({ form, mode, colleges, fallbackLabels, disabled }: MembershipFieldsProps) {
  const { t } = useTranslation();
  const { control, setValue, getValues, setError, clearErrors } = form;
  const collegeId = useWatch({ control, name: 'collegeId' });
  const pairs = useWatch({ control, name: 'pairs' });
  const college = colleges.find((c) => c._id === collegeId);
  const { data: grades = [] } = useCollegeGrades(collegeId);

  const pairLabel = (pair: MembershipPair) => {
    const owner = colleges.find((c) => c._id === pair.collegeId);
    const grade = owner?.grades.find((g) => g._id === pair.gradeId);
    return owner && grade ? `${owner.name} · ${gradeLabel(grade)}` : (fallbackLabels.get(pair.gradeId) ?? '');
  };

  const addPair = () => {
    const current = getValues();
    clearErrors(['collegeId', 'gradeId']);
    if (!current.collegeId) {
      setError('collegeId', { type: 'required', message: userMessages.collegeRequired });
    }
    if (!current.gradeId) {
      setError('gradeId', { type: 'required', message: userMessages.gradeRequired });
    }
    if (!current.collegeId || !current.gradeId) {
      return;
    }
    if (current.pairs.some((pair) => pair.gradeId === current.gradeId)) {
      setError('gradeId', { type: 'duplicate', message: userMessages.alreadyInList });
      return;
    }
    setValue('pairs', [...current.pairs, { collegeId: current.collegeId, gradeId: current.gradeId }]);
    setValue('collegeId', '');
    setValue('gradeId', '');
  };

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      {mode === 'TEACHER' ? (
        <Typography variant="subtitle2" component="p">
          {t('users.pairsTitle')}
        </Typography>
      ) : null}
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          alignItems: 'start',
          // School names are long: the school takes a whole row, the grade (and 'Agregar') the next.
          gridTemplateColumns: { xs: '1fr', sm: mode === 'TEACHER' ? '1fr auto' : '1fr' },
        }}
      >
        <Controller
          control={control}
          name="collegeId"
          render={({ field, fieldState }) => (
            <TextField
              sx={{ gridColumn: '1 / -1' }}
              select
              label={t('users.school')}
              name={field.name}
              inputRef={field.ref}
              value={colleges.some((c) => c._id === field.value) ? field.value : ''}
              onBlur={field.onBlur}
              onChange={(event) => {
                field.onChange(event.target.value);
                // A grade belongs to one school: changing the school clears it.
                setValue('gradeId', '');
                clearErrors('gradeId');
              }}
              disabled={disabled}
              error={Boolean(fieldState.error)}
              helperText={fieldState.error?.message}
            >
              {colleges.length === 0 ? (
                <MenuItem value="" disabled>
                  {t('users.noOptions')}
                </MenuItem>
              ) : null}
              {colleges.map((option) => (
                <MenuItem key={option._id} value={option._id}>
                  {option.name}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        <Controller
          control={control}
          name="gradeId"
          render={({ field, fieldState }) => (
            <TextField
              select
              label={t('users.grade')}
              name={field.name}
              inputRef={field.ref}
              value={grades.some((g) => g._id === field.value) ? field.value : ''}
              onBlur={field.onBlur}
              onChange={(event) => {
                field.onChange(event.target.value);
                clearErrors('gradeId');
              }}
              disabled={disabled || !college}
              error={Boolean(fieldState.error)}
              helperText={fieldState.error?.message ?? (college ? undefined : t('users.chooseSchoolFirst'))}
            >
              {grades.length === 0 ? (
                <MenuItem value="" disabled>
                  {t('users.noOptions')}
                </MenuItem>
              ) : null}
              {grades.map((grade) => (
                <MenuItem key={grade._id} value={grade._id}>
                  {gradeLabel(grade)}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        {mode === 'TEACHER' ? (
          <Button
            variant="outlined"
            startIcon={<AddIcon />}
            onClick={addPair}
            disabled={disabled}
            sx={{ height: 56 }}
          >
            {t('users.addPair')}
          </Button>
        ) : null}
      </Box>
      {mode === 'TEACHER' ? (
        pairs.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {t('users.pairsEmpty')}
          </Typography>
        ) : (
          <Box
            component="ul"
            sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, listStyle: 'none', p: 0, m: 0 }}
          >
            {pairs.map((pair) => {
              const label = pairLabel(pair);
              return (
                <li key={pair.gradeId}>
                  <Chip
                    label={label}
                    variant="outlined"
                    // The brand blue is too light for text on white: its dark shade reads.
                    sx={{
                      color: 'primary.dark',
                      borderColor: 'primary.main',
                      '& .MuiChip-deleteIcon': { color: 'primary.dark' },
                    }}
                    disabled={disabled}
                    onDelete={() =>
                      setValue(
                        'pairs',
                        getValues('pairs').filter((p) => p.gradeId !== pair.gradeId),
                      )
                    }
                    deleteIcon={
                      <CancelIcon
                        role="button"
                        aria-hidden={false}
                        aria-label={t('users.removePair', { label })}
                      />
                    }
                  />
                </li>
              );
            })}
          </Box>
        )
      ) : null}
    </Box>
  );
}
