import { lazy, Suspense, useDeferredValue, useId, useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { storyLimits } from '@fics/contracts';
import { FormError } from '../../../../components/FormError';
import { ChunkBoundary } from '../../../../components/ChunkBoundary';
import { formatCount } from '../../../../components/PageControls';
import { StoryLength, storyWordCount } from '../StoryLength';
import type { RichTextEditorProps } from './RichTextEditor';

/** The length counter appears from this share of the limit on (issue 18.2). */
export const LENGTH_WARNING_RATIO = 0.9;

const quoted = (text: string) => JSON.stringify(text);

/**
 * Quill's look inside the app: the theme's font, colours and radius, a sticky toolbar, Spanish words
 * where Quill writes English through CSS. Applied here, around the lazy editor, so the editor's chunk
 * needs no MUI (and shares no MUI chunk with the home page).
 */
interface LinkBoxWords {
  visit: string;
  enter: string;
  edit: string;
  remove: string;
  save: string;
}

const quillStyles =
  (words: LinkBoxWords, invalid: boolean): SxProps<Theme> =>
  (theme: Theme) => ({
    borderRadius: 1,
    bgcolor: 'background.paper',
    // The toolbar stays in reach under the sticky header while a long story scrolls.
    '& .ql-toolbar.ql-snow': {
      position: 'sticky',
      top: { xs: 60, md: 68 },
      zIndex: 2,
      bgcolor: 'background.paper',
      borderColor: invalid ? theme.palette.error.dark : theme.palette.divider,
      borderTopLeftRadius: theme.shape.borderRadius,
      borderTopRightRadius: theme.shape.borderRadius,
      px: 1,
      py: 0.5,
      fontFamily: theme.typography.fontFamily,
    },
    '& .ql-toolbar.ql-snow .ql-formats': { mr: { xs: 0.5, sm: 1 }, my: 0.25 },
    // On a phone the toolbar fits in two rows with slightly narrower buttons.
    [theme.breakpoints.down('sm')]: {
      '& .ql-toolbar.ql-snow': { px: 0.5 },
      '& .ql-toolbar.ql-snow button': { width: 26, px: 0.5 },
    },
    '& .ql-container.ql-snow': {
      borderColor: invalid ? theme.palette.error.dark : theme.palette.divider,
      // The toolbar's bottom border separates them (Quill's own rule needs them to be siblings).
      borderTop: 0,
      borderBottomLeftRadius: theme.shape.borderRadius,
      borderBottomRightRadius: theme.shape.borderRadius,
      fontFamily: theme.typography.fontFamily,
      fontSize: '1.05rem',
    },
    '& .ql-editor': { minHeight: { xs: 280, md: 380 }, lineHeight: 1.7, px: { xs: 1.5, md: 2 } },
    '& .ql-editor.ql-blank::before': { color: 'text.secondary', fontStyle: 'normal' },
    '& .ql-container.ql-snow:focus-within': {
      borderColor: invalid ? theme.palette.error.dark : theme.palette.primary.dark,
      boxShadow: `inset 0 0 0 1px ${invalid ? theme.palette.error.dark : theme.palette.primary.dark}`,
    },
    // Quill's link box says its words through CSS: say them in Spanish.
    '& .ql-snow .ql-tooltip': { zIndex: 3 },
    '& .ql-snow .ql-tooltip::before': { content: quoted(words.visit) },
    '& .ql-snow .ql-tooltip[data-mode=link]::before': {
      content: quoted(words.enter),
    },
    '& .ql-snow .ql-tooltip a.ql-action::after': { content: quoted(words.edit) },
    '& .ql-snow .ql-tooltip a.ql-remove::before': {
      content: quoted(words.remove),
    },
    '& .ql-snow .ql-tooltip.ql-editing a.ql-action::after': {
      content: quoted(words.save),
    },
  });

// Quill and its CSS: a chunk of their own, fetched when the form opens (architecture.md §2).
const loadEditor = () => import('./RichTextEditor');

type StoryTextEditorProps = Omit<
  RichTextEditorProps,
  'labelledBy' | 'describedBy' | 'invalid' | 'placeholder'
> & {
  error?: string;
};

/**
 * The fic's body: a label, the lazy Quill editor, its error text, and under it the length of what
 * is written: words and reading time always (as the fic page shows them), characters as they near
 * the limit.
 */
export function StoryTextEditor({ error, ...props }: StoryTextEditorProps) {
  const { t } = useTranslation();
  const labelId = useId();
  const errorId = useId();
  // A new lazy component per attempt: React.lazy remembers a failed fetch, 'Reintentar' must not.
  const [RichTextEditor, setRichTextEditor] = useState(() => lazy(loadEditor));
  return (
    <Box>
      <Typography id={labelId} component="span" variant="subtitle2" sx={{ display: 'block', mb: 0.75 }}>
        {t('storyEditor.text')}
      </Typography>
      <Box
        sx={quillStyles(
          {
            visit: t('storyEditor.toolbar.linkVisit'),
            enter: t('storyEditor.toolbar.linkEnter'),
            edit: t('storyEditor.toolbar.linkEdit'),
            remove: t('storyEditor.toolbar.linkRemove'),
            save: t('storyEditor.toolbar.linkSave'),
          },
          Boolean(error),
        )}
      >
        <ChunkBoundary
          fallback={(retry) => (
            <FormError
              message={t('storyEditor.editorFailed')}
              sx={{ my: 1 }}
              action={
                <Button
                  color="inherit"
                  size="small"
                  onClick={() => {
                    setRichTextEditor(() => lazy(loadEditor));
                    retry();
                  }}
                >
                  {t('common.retry')}
                </Button>
              }
            />
          )}
        >
          <Suspense
            fallback={
              <Box role="status" aria-label={t('storyEditor.editorLoading')}>
                <Skeleton variant="rounded" height={44} sx={{ mb: 0.5 }} />
                <Skeleton variant="rounded" sx={{ height: { xs: 280, md: 380 } }} />
              </Box>
            }
          >
            <RichTextEditor
              {...props}
              placeholder={t('storyEditor.textPlaceholder')}
              labelledBy={labelId}
              describedBy={error ? errorId : undefined}
              invalid={Boolean(error)}
            />
          </Suspense>
        </ChunkBoundary>
      </Box>
      {error ? (
        <FormHelperText id={errorId} error sx={{ mx: 1.75 }}>
          {error}
        </FormHelperText>
      ) : null}
      <TextLength html={props.value} />
    </Box>
  );
}

/**
 * Words and reading time of the text, and 'N / 100.000 caracteres' from 90 % of the limit (the
 * limit counts the HTML as sent, formatting included: the server's rule). Over the limit the counter
 * turns to the error colour and a polite live region says by how much, once, not at every key.
 */
function TextLength({ html }: { html: string }) {
  const { t } = useTranslation();
  // Counting words parses the HTML: typing stays ahead of it.
  const deferred = useDeferredValue(html);
  const words = useMemo(() => storyWordCount(deferred), [deferred]);
  const length = html.length;
  const max = storyLimits.textMax;
  const near = length >= max * LENGTH_WARNING_RATIO;
  const over = length > max;
  return (
    <Box
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        justifyContent: 'space-between',
        alignItems: 'baseline',
        columnGap: 2,
        rowGap: 0.5,
        mt: 0.75,
        mx: 1.75,
      }}
    >
      <StoryLength wordCount={words} />
      {near ? (
        <Typography
          variant="body2"
          data-testid="text-length"
          sx={{
            color: over ? 'error.dark' : 'warning.dark',
            fontWeight: over ? 700 : 500,
            fontVariantNumeric: 'tabular-nums',
          }}
        >
          {t('storyEditor.length', { length: formatCount(length), max: formatCount(max) })}
        </Typography>
      ) : null}
      {/* Always in the page, so the message is announced when it appears. */}
      <Typography
        variant="body2"
        aria-live="polite"
        sx={{ flexBasis: '100%', color: 'error.dark', '&:empty': { display: 'none' } }}
      >
        {over
          ? t('storyEditor.lengthOver', { count: length - max, formatted: formatCount(length - max) })
          : ''}
      </Typography>
    </Box>
  );
}
