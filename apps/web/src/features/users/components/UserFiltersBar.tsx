import { useEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import SearchOutlined from '#icons/SearchOutlined';
import { useTranslation } from 'react-i18next';
import { gradeLabel, roleDisplayNames, usersSearchMax, type College, type Role } from '@fics/contracts';
import { emptyFilters, type UserFilters } from '../api';

/** How long typing must pause before the search is applied. */
export const SEARCH_DEBOUNCE_MS = 300;

interface UserFiltersBarProps {
  /** Only administrators filter by role (spec 000 §2). */
  showRole: boolean;
  roles: readonly Role[];
  /** The caller's schools: all for an administrator, their own (with their own grades) for a teacher. */
  colleges: readonly College[];
  /**
   * The filters and search the list shows (from the URL). The bar starts from them and follows
   * them when they change from outside (the back button, a link).
   */
  applied: UserFilters;
  /** Buscar (or Enter): the chosen role, school and grade, and the search as typed. */
  onSearch: (filters: UserFilters) => void;
  /** The search text, once typing has paused for SEARCH_DEBOUNCE_MS. */
  onSearchTextChange: (search: string) => void;
  onClear: () => void;
}

// An unset filter reads 'Todos' instead of an empty box.
const showAll = { select: { displayEmpty: true }, inputLabel: { shrink: true } } as const;

const sameIdFilters = (a: UserFilters, b: UserFilters) =>
  a.roleId === b.roleId && a.collegeId === b.collegeId && a.gradeId === b.gradeId;

/**
 * A search by name or e-mail that applies itself as one types, and role, school and grade applied
 * with Buscar; Limpiar empties them all and shows everyone again.
 */
export function UserFiltersBar({
  showRole,
  roles,
  colleges,
  applied,
  onSearch,
  onSearchTextChange,
  onClear,
}: UserFiltersBarProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<UserFilters>(applied);
  const [text, setText] = useState(applied.search);

  // Follow the applied filters when they change from outside; keep what is being typed when the
  // change is only this bar's own search arriving in the URL.
  const [seen, setSeen] = useState(applied);
  if (!sameIdFilters(seen, applied) || seen.search !== applied.search) {
    setSeen(applied);
    if (!sameIdFilters(seen, applied)) {
      setDraft(applied);
    }
    if (applied.search !== seen.search && applied.search !== text.trim()) {
      setText(applied.search);
    }
  }

  const onSearchTextChangeRef = useRef(onSearchTextChange);
  useEffect(() => {
    onSearchTextChangeRef.current = onSearchTextChange;
  });
  useEffect(() => {
    const search = text.trim();
    if (search === applied.search) {
      return undefined;
    }
    const timer = setTimeout(() => onSearchTextChangeRef.current(search), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, applied.search]);

  const college = colleges.find((c) => c._id === draft.collegeId);
  const grades = college?.grades ?? [];
  // A preselected id the options do not hold (yet) shows as "Todos" instead of an empty box.
  const roleValue = roles.some((r) => r._id === draft.roleId) ? draft.roleId : '';
  const collegeValue = college ? draft.collegeId : '';
  const gradeValue = grades.some((g) => g._id === draft.gradeId) ? draft.gradeId : '';
  const selectColumns = showRole ? 3 : 2;

  return (
    <Paper
      component="form"
      role="search"
      aria-label={t('users.filtersLabel')}
      variant="outlined"
      onSubmit={(event) => {
        event.preventDefault();
        onSearch({ ...draft, search: text.trim() });
      }}
      sx={{
        p: 2,
        mb: 2,
        display: 'grid',
        gap: 2,
        alignItems: 'start',
        gridTemplateColumns: {
          xs: '1fr',
          md: `repeat(${selectColumns}, minmax(0, 1fr)) auto`,
          lg: `minmax(0, 1.5fr) repeat(${selectColumns}, minmax(0, 1fr)) auto`,
        },
      }}
    >
      <TextField
        type="search"
        size="small"
        label={t('users.searchField')}
        placeholder={t('users.searchPlaceholder')}
        value={text}
        onChange={(event) => setText(event.target.value)}
        sx={{ gridColumn: { md: '1 / -1', lg: 'auto' } }}
        slotProps={{
          htmlInput: { maxLength: usersSearchMax, autoComplete: 'off', spellCheck: false },
          inputLabel: { shrink: true },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchOutlined fontSize="small" />
              </InputAdornment>
            ),
          },
        }}
      />
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
            setText('');
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
