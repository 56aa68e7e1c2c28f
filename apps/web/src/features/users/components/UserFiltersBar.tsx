import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { gradeLabel, roleDisplayNames, type College, type Role } from '@fics/contracts';
import { emptyFilters, type UserFilters } from '../api';

interface UserFiltersBarProps {
  /** Only administrators filter by role (spec 000 §2). */
  showRole: boolean;
  roles: readonly Role[];
  /** The caller's schools: all for an administrator, their own (with their own grades) for a teacher. */
  colleges: readonly College[];
  /** The filters applied when the bar mounts (a preselection from the school view, or none). */
  initial: UserFilters;
  onSearch: (filters: UserFilters) => void;
  onClear: () => void;
}

// An unset filter reads 'Todos' instead of an empty box.
const showAll = { select: { displayEmpty: true }, inputLabel: { shrink: true } } as const;

/** Role, school and grade, applied with Buscar; Limpiar empties them and shows everyone again. */
export function UserFiltersBar({
  showRole,
  roles,
  colleges,
  initial,
  onSearch,
  onClear,
}: UserFiltersBarProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<UserFilters>(initial);
  const college = colleges.find((c) => c._id === draft.collegeId);
  const grades = college?.grades ?? [];
  // A preselected id the options do not hold (yet) shows as "Todos" instead of an empty box.
  const roleValue = roles.some((r) => r._id === draft.roleId) ? draft.roleId : '';
  const collegeValue = college ? draft.collegeId : '';
  const gradeValue = grades.some((g) => g._id === draft.gradeId) ? draft.gradeId : '';

  return (
    <Paper
      component="form"
      role="search"
      aria-label={t('users.filtersLabel')}
      variant="outlined"
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(draft);
      }}
      sx={{
        p: 2,
        mb: 3,
        display: 'grid',
        gap: 2,
        alignItems: 'start',
        gridTemplateColumns: {
          xs: '1fr',
          md: showRole ? 'repeat(3, minmax(0, 1fr)) auto' : 'repeat(2, minmax(0, 1fr)) auto',
        },
      }}
    >
      {showRole ? (
        <TextField
          select
          size="small"
          slotProps={showAll}
          label={t('users.role')}
          value={roleValue}
          onChange={(event) => setDraft({ ...draft, roleId: event.target.value })}
        >
          <MenuItem value="">{t('users.any')}</MenuItem>
          {roles.map((role) => (
            <MenuItem key={role._id} value={role._id}>
              {roleDisplayNames[role.name]}
            </MenuItem>
          ))}
        </TextField>
      ) : null}
      <TextField
        select
        size="small"
        slotProps={showAll}
        label={t('users.school')}
        value={collegeValue}
        // A grade belongs to one school: changing the school clears it.
        onChange={(event) => setDraft({ ...draft, collegeId: event.target.value, gradeId: '' })}
      >
        <MenuItem value="">{t('users.any')}</MenuItem>
        {colleges.map((option) => (
          <MenuItem key={option._id} value={option._id}>
            {option.name}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        slotProps={showAll}
        label={t('users.grade')}
        value={gradeValue}
        disabled={!college}
        helperText={college ? undefined : t('users.chooseSchoolFirst')}
        onChange={(event) => setDraft({ ...draft, gradeId: event.target.value })}
      >
        <MenuItem value="">{t('users.any')}</MenuItem>
        {grades.map((grade) => (
          <MenuItem key={grade._id} value={grade._id}>
            {gradeLabel(grade)}
          </MenuItem>
        ))}
      </TextField>
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end' }}>
        <Button
          variant="outlined"
          onClick={() => {
            setDraft(emptyFilters);
            onClear();
          }}
        >
          {t('users.clear')}
        </Button>
        <Button type="submit" variant="contained">
          {t('users.search')}
        </Button>
      </Box>
    </Paper>
  );
}
