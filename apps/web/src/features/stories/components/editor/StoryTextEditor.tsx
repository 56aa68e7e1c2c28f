import { lazy, Suspense, useId, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../../../components/FormError';
import { ChunkBoundary } from './ChunkBoundary';
import type { RichTextEditorProps } from './RichTextEditor';

// Quill and its CSS: a chunk of their own, fetched when the form opens (architecture.md §2).
const loadEditor = () => import('./RichTextEditor');

type StoryTextEditorProps = Omit<
  RichTextEditorProps,
  'labelledBy' | 'describedBy' | 'invalid' | 'placeholder'
> & {
  error?: string;
};

/** The fic's body: a label, the lazy Quill editor, and its error text. */
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
                {t('storyEditor.retry')}
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
      {error ? (
        <FormHelperText id={errorId} error sx={{ mx: 1.75 }}>
          {error}
        </FormHelperText>
      ) : null}
    </Box>
  );
}
