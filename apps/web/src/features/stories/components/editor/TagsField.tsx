import { useMemo, useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { normalizeTags, storyLimits, storyMessages } from '@fics/contracts';
import { useTagSuggestions } from '../../api';

interface TagsFieldProps {
  value: string[];
  onChange: (tags: string[]) => void;
  onBlur: () => void;
  error?: string;
  inputRef?: (element: HTMLInputElement | null) => void;
}

/**
 * Free-text tags with suggestions from GET /stories/tags: Enter, a comma or leaving the field adds
 * what was typed. At most 10 tags of 30 characters; repeats (any case) are dropped.
 */
export function TagsField({ value, onChange, onBlur, error, inputRef }: TagsFieldProps) {
  const { t } = useTranslation();
  const [input, setInput] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  const suggestions = useTagSuggestions(input);
  const full = value.length >= storyLimits.tagsMax;

  const options = useMemo(() => {
    const chosen = new Set(value.map((tag) => tag.toLocaleLowerCase('es')));
    const found: readonly string[] = Array.isArray(suggestions.data) ? suggestions.data : [];
    return found.filter((tag) => !chosen.has(tag.toLocaleLowerCase('es')));
  }, [suggestions.data, value]);

  /** Adds or removes tags, refusing (and saying why) what breaks a limit. */
  const commit = (next: readonly string[]) => {
    const tags = normalizeTags(next);
    const fitting = tags.filter((tag) => tag.length <= storyLimits.tagMax);
    let problem: string | null = fitting.length < tags.length ? storyMessages.tagMax : null;
    if (fitting.length > storyLimits.tagsMax) {
      problem = storyMessages.tagsMax;
    }
    setRefusal(problem);
    const kept = fitting.slice(0, storyLimits.tagsMax);
    if (kept.length !== value.length || kept.some((tag, i) => tag !== value[i])) {
      onChange(kept);
    }
    return problem === null;
  };

  const addTyped = (text: string) => {
    if (text.trim() === '') {
      setInput('');
      return;
    }
    // A refused tag stays in the field so it can be shortened.
    if (commit([...value, text])) {
      setInput('');
    }
  };

  const message = error ?? refusal;
  return (
    <Autocomplete
      multiple
      freeSolo
      value={value}
      options={options}
      filterOptions={(list) => list}
      filterSelectedOptions
      inputValue={input}
      loading={suggestions.isFetching}
      loadingText={t('storyEditor.tagsSearching')}
      onInputChange={(_, text, reason) => {
        if (reason !== 'input') {
          return;
        }
        // A comma ends a tag, as Enter does (also for pasted lists 'mar, viaje, amigos').
        if (text.includes(',')) {
          const parts = text.split(',');
          const rest = parts.pop() ?? '';
          if (commit([...value, ...parts])) {
            setInput(rest.trimStart());
          } else {
            setInput(text.replace(/,/g, ''));
          }
          return;
        }
        setRefusal(null);
        setInput(text);
      }}
      onChange={(_, next, reason) => {
        if (reason === 'createOption') {
          addTyped(String(next[next.length - 1] ?? ''));
          return;
        }
        if (commit(next.map(String))) {
          setInput('');
        }
      }}
      onBlur={() => {
        addTyped(input);
        onBlur();
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
          // InputBase joins this ref with the Autocomplete's own (htmlInput.ref).
          inputRef={inputRef}
          label={t('storyEditor.tags')}
          placeholder={full ? undefined : t('storyEditor.tagsPlaceholder')}
          error={Boolean(message)}
          helperText={
            message ??
            (full
              ? t('storyEditor.tagsFull', { max: storyLimits.tagsMax })
              : t('storyEditor.tagsHint', { max: storyLimits.tagsMax, length: storyLimits.tagMax }))
          }
          slotProps={{
            ...params.slotProps,
            htmlInput: { ...params.slotProps.htmlInput, readOnly: full },
          }}
        />
      )}
    />
  );
}
