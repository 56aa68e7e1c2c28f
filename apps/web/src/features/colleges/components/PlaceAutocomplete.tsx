import type { Ref } from 'react';
import Autocomplete, { createFilterOptions } from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';

// Stands in for the spec's disabled 'Sin resultados' option; never a value (no place is named so).
const NO_RESULTS = '\u0000sin-resultados';
const filterPlaces = createFilterOptions<string>({ ignoreAccents: true, ignoreCase: true });

interface PlaceAutocompleteProps {
  label: string;
  name: string;
  options: readonly string[];
  value: string | null;
  onChange: (value: string | null) => void;
  onBlur?: () => void;
  inputRef?: Ref<HTMLInputElement>;
  disabled?: boolean;
  loading?: boolean;
  error?: boolean;
  helperText?: string;
}

/**
 * A region or commune picked from the official list (spec 000 §5 School): typing filters without
 * accents, and a filter with no match shows one disabled option 'Sin resultados'.
 */
export function PlaceAutocomplete({
  label,
  name,
  options,
  value,
  onChange,
  onBlur,
  inputRef,
  disabled = false,
  loading = false,
  error = false,
  helperText,
}: PlaceAutocompleteProps) {
  const { t } = useTranslation();
  // A stored name missing from the list (renamed since) stays visible instead of blanking the field.
  const choices = value && !options.includes(value) ? [value, ...options] : options;
  return (
    <Autocomplete<string>
      options={choices}
      value={value}
      onChange={(_event, next) => onChange(next === NO_RESULTS ? null : next)}
      onBlur={onBlur}
      filterOptions={(all, state) => {
        if (loading) {
          return [];
        }
        const found = filterPlaces(all, state);
        return found.length > 0 ? found : [NO_RESULTS];
      }}
      getOptionDisabled={(option) => option === NO_RESULTS}
      getOptionLabel={(option) => (option === NO_RESULTS ? t('colleges.noResults') : option)}
      loading={loading}
      loadingText={t('common.loading')}
      noOptionsText={t('colleges.noResults')}
      disabled={disabled}
      openText={t('colleges.openList')}
      closeText={t('common.close')}
      clearText={t('colleges.clear')}
      renderInput={(params) => (
        <TextField
          {...params}
          name={name}
          label={label}
          inputRef={inputRef}
          error={error}
          helperText={helperText}
        />
      )}
    />
  );
}
