import { useId, useState, type ClipboardEvent, type KeyboardEvent } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputBase from '@mui/material/InputBase';
import InputLabel from '@mui/material/InputLabel';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CancelIcon from '#icons/Cancel';
import ErrorOutlinedIcon from '#icons/ErrorOutlined';
import { useTranslation } from 'react-i18next';
import { addItems, extractEmails, separatorKeys, splitItems, type EmailItem } from '../lib/email-list';

interface EmailChipsInputProps {
  items: readonly EmailItem[];
  onChange: (items: EmailItem[]) => void;
  /** The list's message ('Hay errores en los correos listados', ...). */
  error?: string | undefined;
}

/**
 * The e-mail list of the bulk import (spec 000 §2): typed items end with Enter, Tab, comma or space;
 * a paste adds every e-mail-like string it contains; invalid items are red chips.
 */
export function EmailChipsInput({ items, onChange, error }: EmailChipsInputProps) {
  const { t } = useTranslation();
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();
  const [text, setText] = useState('');

  const commit = (raw: string) => {
    const values = splitItems(raw);
    if (values.length > 0) {
      onChange(addItems(items, values));
    }
    setText('');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.nativeEvent.isComposing) {
      return;
    }
    if (separatorKeys.includes(event.key)) {
      // An empty Tab keeps its usual job of moving focus on.
      if (event.key === 'Tab' && text.trim() === '') {
        return;
      }
      event.preventDefault();
      commit(text);
    } else if (event.key === 'Backspace' && text === '' && items.length > 0) {
      onChange(items.slice(0, -1));
    }
  };

  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    const pasted = event.clipboardData.getData('text');
    const emails = extractEmails(pasted);
    if (emails.length === 0) {
      return; // nothing e-mail-like: let the text in, so the user sees what was pasted
    }
    event.preventDefault();
    onChange(addItems(items, [...splitItems(text), ...emails]));
    setText('');
  };

  const remove = (index: number) => onChange(items.filter((_, i) => i !== index));
  const describedBy = [hintId, error ? errorId : null].filter(Boolean).join(' ');

  return (
    <FormControl fullWidth error={Boolean(error)}>
      <InputLabel shrink htmlFor={inputId} sx={{ bgcolor: 'background.paper', px: 0.5, ml: -0.5 }}>
        {t('bulkImport.emails')}
      </InputLabel>
      <Box
        onClick={() => document.getElementById(inputId)?.focus()}
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          gap: 0.75,
          minHeight: 96,
          maxHeight: 240,
          overflowY: 'auto',
          p: 1.5,
          pt: 2,
          border: 1,
          borderRadius: 1,
          borderColor: error ? 'error.main' : 'rgba(0, 0, 0, 0.23)',
          cursor: 'text',
          '&:focus-within': {
            borderColor: error ? 'error.main' : 'primary.main',
            boxShadow: (theme) =>
              `0 0 0 1px ${error ? theme.palette.error.main : theme.palette.primary.main}`,
          },
        }}
      >
        {items.map((item, index) => (
          <Chip
            key={item.value}
            label={item.value}
            size="small"
            color={item.valid ? 'default' : 'error'}
            variant={item.valid ? 'filled' : 'outlined'}
            icon={item.valid ? undefined : <ErrorOutlinedIcon />}
            // Focus a chip and press Delete or Backspace to remove it; the name says when it is invalid.
            aria-label={item.valid ? item.value : t('bulkImport.invalidEmail', { email: item.value })}
            onDelete={() => remove(index)}
            deleteIcon={<CancelIcon titleAccess={t('bulkImport.removeEmail', { email: item.value })} />}
            sx={item.valid ? undefined : { color: 'error.dark', fontWeight: 600 }}
          />
        ))}
        <InputBase
          id={inputId}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          onPaste={onPaste}
          onBlur={() => commit(text)}
          inputProps={{
            'aria-describedby': describedBy,
            // Its message is the list's: 'Siguiente' brings focus here (components/error-focus.ts).
            'aria-invalid': Boolean(error),
            autoComplete: 'off',
            autoCapitalize: 'none',
            spellCheck: false,
            inputMode: 'email',
          }}
          sx={{ flex: '1 1 180px', minWidth: 120 }}
        />
      </Box>
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'baseline' }}>
        <FormHelperText id={hintId} error={false} sx={{ mx: 0 }}>
          {t('bulkImport.emailsHint')}
        </FormHelperText>
        {items.length > 0 ? (
          <Stack direction="row" spacing={1.5} sx={{ flexShrink: 0, alignItems: 'baseline' }}>
            <Typography variant="caption" color="text.secondary">
              {t('bulkImport.emailsCount', { count: items.length })}
            </Typography>
            <Link component="button" type="button" variant="caption" onClick={() => onChange([])}>
              {t('bulkImport.clearEmails')}
            </Link>
          </Stack>
        ) : null}
      </Stack>
      {error ? (
        <FormHelperText id={errorId} sx={{ mx: 0 }}>
          {error}
        </FormHelperText>
      ) : null}
    </FormControl>
  );
}
