import { useEffect, useId, useMemo, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import CloseIcon from '#icons/Close';
import { useTranslation } from 'react-i18next';
import {
  galleryMessages,
  galleryTagsMax,
  gradeLabel,
  storyLimits,
  type CollegeOption,
} from '@fics/contracts';
import { useTagSuggestions } from '../../stories';
import { useCollegeOptions } from '../api';
import { FILTER_PANEL_ID, FILTER_TOGGLE_ID, type FilterField } from '../filter-panel';
import { noFilters, splitTags, type GalleryUrlFilters } from '../gallery-filters';

interface FilterPanelProps {
  /** The filters in the URL: the fields start from them. */
  filters: GalleryUrlFilters;
  /** Buscar: these filters into the URL. */
  onApply: (filters: GalleryUrlFilters) => void;
  /** Limpiar: no filters, the panel stays open. */
  onClear: () => void;
  onClose: () => void;
  /** The field to focus (a chip was clicked), or null for the first; `seq` asks again. */
  focus: FilterField | null;
  seq: number;
}

const noColleges: CollegeOption[] = [];

const readableWhenDisabled = { '&.Mui-disabled': { color: 'text.secondary' } } as const;

/**
 * The gallery's filter panel (spec 000 §2 Home), opened from the header's toggle or a filter chip:
 * title, tags with suggestions, school, and a grade of that school; Limpiar and Buscar. Loaded on
 * first open (lazy.ts), so its form pieces and the contracts stay out of the home's first load.
 * Escape closes it and gives the focus back to the toggle.
 */
export function FilterPanel({ filters, onApply, onClear, onClose, focus, seq }: FilterPanelProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const [draft, setDraft] = useState<GalleryUrlFilters>(filters);
  const [tagInput, setTagInput] = useState('');
  const [tagProblem, setTagProblem] = useState<string | null>(null);
  const fields = useRef<Partial<Record<Exclude<FilterField, 'gradeId'>, HTMLInputElement | null>>>({});
  const gradeRoot = useRef<HTMLDivElement>(null);
  const colleges = useCollegeOptions();
  const suggestions = useTagSuggestions(tagInput);

  useEffect(() => {
    // The grade's select is the element with role combobox; without a school it is disabled.
    const grade = gradeRoot.current?.querySelector<HTMLElement>(
      '[role="combobox"]:not([aria-disabled="true"])',
    );
    if (focus === 'gradeId' && grade) {
      grade.focus();
    } else {
      fields.current[focus === 'gradeId' ? 'collegeId' : (focus ?? 'searchTitle')]?.focus();
    }
  }, [focus, seq]);

  const collegeList = colleges.data ?? noColleges;
  const college = collegeList.find((c) => c._id === draft.collegeId) ?? null;
  const grades = college?.grades ?? [];

  const tagOptions = useMemo(() => {
    const chosen = new Set(draft.tags.map((tag) => tag.toLocaleLowerCase('es')));
    const found: readonly string[] = Array.isArray(suggestions.data) ? suggestions.data : [];
    return found.filter((tag) => !chosen.has(tag.toLocaleLowerCase('es')));
  }, [suggestions.data, draft.tags]);

  /** The tags with `added`, or null (and why) when a limit refuses them. */
  const withTags = (added: readonly string[]): string[] | null => {
    const tags = splitTags([...draft.tags, ...added].join(','));
    if (tags.some((tag) => tag.length > storyLimits.tagMax)) {
      setTagProblem(galleryMessages.tagMax);
      return null;
    }
    if (tags.length > galleryTagsMax) {
      setTagProblem(galleryMessages.tagsMax);
      return null;
    }
    setTagProblem(null);
    return tags;
  };

  const addTyped = () => {
    const tags = withTags([tagInput]);
    if (tags) {
      setDraft((d) => ({ ...d, tags }));
      setTagInput('');
    }
    return tags;
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // A tag typed but not yet added counts: the reader pressed Buscar meaning it.
    const tags = tagInput.trim() === '' ? draft.tags : addTyped();
    if (tags) {
      onApply({ ...draft, searchTitle: draft.searchTitle.trim(), tags });
    }
  };

  const clear = () => {
    setDraft(noFilters);
    setTagInput('');
    setTagProblem(null);
    onClear();
    fields.current.searchTitle?.focus();
  };

  const close = () => {
    onClose();
    document.getElementById(FILTER_TOGGLE_ID)?.focus();
  };

  const onKeyDown = (event: KeyboardEvent) => {
    // Open lists (suggestions, grades) close themselves first and stop the key there.
    if (event.key === 'Escape' && !event.defaultPrevented) {
      event.stopPropagation();
      close();
    }
  };

  const tagsFull = draft.tags.length >= galleryTagsMax;

  return (
    <Paper
      component="section"
      id={FILTER_PANEL_ID}
      aria-labelledby={headingId}
      variant="outlined"
      onKeyDown={onKeyDown}
      sx={{ p: { xs: 2, md: 3 }, mb: 3 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', mb: 2 }}>
        <Typography id={headingId} variant="h2" sx={{ flex: 1, fontSize: { xs: '1.15rem', md: '1.25rem' } }}>
          {t('gallery.filtersTitle')}
        </Typography>
        <IconButton onClick={close} aria-label={t('gallery.closeFilters')} edge="end">
          <CloseIcon />
        </IconButton>
      </Box>
      <Box component="form" role="search" aria-labelledby={headingId} noValidate onSubmit={submit}>
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' },
          }}
        >
          <TextField
            label={t('gallery.searchTitle')}
            value={draft.searchTitle}
            onChange={(event) => setDraft((d) => ({ ...d, searchTitle: event.target.value }))}
            inputRef={(element: HTMLInputElement | null) => {
              fields.current.searchTitle = element;
            }}
            slotProps={{ htmlInput: { maxLength: storyLimits.titleMax, enterKeyHint: 'search' } }}
          />
          <Autocomplete
            multiple
            freeSolo
            value={draft.tags}
            options={tagOptions}
            filterOptions={(list) => list}
            filterSelectedOptions
            inputValue={tagInput}
            loading={suggestions.isFetching}
            loadingText={t('gallery.tagsSearching')}
            onInputChange={(_, text, reason) => {
              if (reason !== 'input') {
                return;
              }
              // A comma ends a tag, as Enter does.
              if (text.includes(',')) {
                const parts = text.split(',');
                const rest = parts.pop() ?? '';
                const tags = withTags(parts);
                if (tags) {
                  setDraft((d) => ({ ...d, tags }));
                  setTagInput(rest.trimStart());
                } else {
                  setTagInput(text.replace(/,/g, ''));
                }
                return;
              }
              setTagProblem(null);
              setTagInput(text);
            }}
            onChange={(_, next, reason) => {
              if (reason === 'createOption') {
                addTyped();
                return;
              }
              setTagProblem(null);
              const tags = splitTags(next.map(String).join(','));
              if (tags.length <= galleryTagsMax) {
                setDraft((d) => ({ ...d, tags }));
                setTagInput('');
              } else {
                setTagProblem(galleryMessages.tagsMax);
              }
            }}
            renderValue={(tags, getItemProps) =>
              tags.map((tag, index) => {
                const { key, ...itemProps } = getItemProps({ index });
                return <Chip key={key} size="small" label={tag} {...itemProps} aria-label={tag} />;
              })
            }
            renderInput={(params) => (
              <TextField
                {...params}
                inputRef={(element: HTMLInputElement | null) => {
                  fields.current.tags = element;
                }}
                label={t('gallery.tags')}
                placeholder={tagsFull ? undefined : t('gallery.tagsPlaceholder')}
                error={Boolean(tagProblem)}
                helperText={tagProblem ?? (tagsFull ? galleryMessages.tagsMax : t('gallery.tagsHint'))}
                slotProps={{
                  ...params.slotProps,
                  htmlInput: { ...params.slotProps.htmlInput, readOnly: tagsFull },
                }}
              />
            )}
          />
          <Autocomplete
            value={college}
            options={collegeList}
            getOptionLabel={(option) => option.name}
            isOptionEqualToValue={(option, value) => option._id === value._id}
            loading={colleges.isPending}
            loadingText={t('common.loading')}
            noOptionsText={t('common.emptyResults')}
            onChange={(_, next) =>
              setDraft((d) => ({
                ...d,
                collegeId: next?._id ?? '',
                // A grade belongs to its school: another school starts with none.
                gradeId: next && next._id === d.collegeId ? d.gradeId : '',
              }))
            }
            renderInput={(params) => (
              <TextField
                {...params}
                inputRef={(element: HTMLInputElement | null) => {
                  fields.current.collegeId = element;
                }}
                label={t('gallery.college')}
                helperText={colleges.isError ? t('errors.loadFailed') : undefined}
                error={colleges.isError}
              />
            )}
          />
          <TextField
            select
            ref={gradeRoot}
            label={t('gallery.grade')}
            value={grades.some((g) => g._id === draft.gradeId) ? draft.gradeId : ''}
            onChange={(event) => setDraft((d) => ({ ...d, gradeId: event.target.value }))}
            disabled={!college}
            helperText={college ? undefined : t('gallery.gradeNeedsCollege')}
            slotProps={{
              select: { displayEmpty: true },
              // Readable while disabled: the label and the hint say why (contrast 4.5:1).
              inputLabel: { shrink: true, sx: readableWhenDisabled },
              formHelperText: { sx: readableWhenDisabled },
            }}
          >
            <MenuItem value="">{t('gallery.anyGrade')}</MenuItem>
            {grades.map((grade) => (
              <MenuItem key={grade._id} value={grade._id}>
                {gradeLabel(grade)}
              </MenuItem>
            ))}
          </TextField>
        </Box>
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1.5, mt: 2.5 }}>
          <Button variant="outlined" onClick={clear}>
            {t('gallery.clear')}
          </Button>
          <Button type="submit" variant="contained">
            {t('gallery.search')}
          </Button>
        </Box>
      </Box>
    </Paper>
  );
}
