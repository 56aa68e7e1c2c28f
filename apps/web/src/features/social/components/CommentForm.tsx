import { lazy, Suspense, useId, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormHelperText from '@mui/material/FormHelperText';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { commentLimits, commentMessages } from '@fics/contracts';
import { ChunkBoundary } from '../../../components/ChunkBoundary';
import { FormError } from '../../../components/FormError';
import { useErrorFocus } from '../../../components/error-focus';
import { serverFieldErrors } from '../../../components/form-errors';
import { useToast } from '../../../components/toast';
import { visuallyHidden } from '../../../components/visually-hidden';
import { isApiError } from '../../../lib/api-client';
import { commentPlainText } from '../comment-html';

const loadEditor = () => import('./CommentTextEditor');

/** What is written: a new comment, a comment edited, a reply (new or edited). Each has its message. */
export type CommentFormKind = 'comment' | 'editComment' | 'reply' | 'editReply';

/** Spec 001 §5, from contracts: the empty text's message differs by form. */
const requiredMessage: Record<CommentFormKind, string> = {
  comment: commentMessages.textRequired,
  editComment: commentMessages.editTextRequired,
  reply: commentMessages.replyRequired,
  editReply: commentMessages.replyRequired,
};

const isReply = (kind: CommentFormKind) => kind === 'reply' || kind === 'editReply';

/** The form's own check, before any call: the same rules, and words, as the server's. */
export function validateCommentText(kind: CommentFormKind, html: string): string | null {
  const text = commentPlainText(html);
  if (text === '') {
    return requiredMessage[kind];
  }
  if (text.length > commentLimits.plainTextMax || html.length > commentLimits.textMax) {
    return isReply(kind) ? commentMessages.replyMax : commentMessages.textMax;
  }
  return null;
}

/** Refusals whose own words help more than the generic text (too many comments in a row, a comment gone). */
const explainedStatuses = [403, 404, 409, 429];

/**
 * Quill's look inside the app (theme font, colours, radius, focus ring), applied around the lazy
 * editor so its chunk needs no MUI.
 */
const editorStyles =
  (invalid: boolean): SxProps<Theme> =>
  (theme: Theme) => {
    const border = invalid ? theme.palette.error.dark : theme.palette.divider;
    const focus = invalid ? theme.palette.error.dark : theme.palette.primary.dark;
    return {
      '& .ql-toolbar.ql-snow': {
        borderColor: border,
        borderTopLeftRadius: theme.shape.borderRadius,
        borderTopRightRadius: theme.shape.borderRadius,
        px: 0.5,
        py: 0.25,
        fontFamily: theme.typography.fontFamily,
      },
      '& .ql-toolbar.ql-snow button:focus-visible': {
        outline: `2px solid ${theme.palette.primary.dark}`,
        outlineOffset: 1,
        borderRadius: 2,
      },
      '& .ql-container.ql-snow': {
        borderColor: border,
        borderTop: 0,
        borderBottomLeftRadius: theme.shape.borderRadius,
        borderBottomRightRadius: theme.shape.borderRadius,
        fontFamily: theme.typography.fontFamily,
        fontSize: '1rem',
      },
      '& .ql-container.ql-snow:focus-within': { borderColor: focus, boxShadow: `inset 0 0 0 1px ${focus}` },
      '& .ql-editor': { minHeight: 96, maxHeight: 360, lineHeight: 1.6, px: 1.5 },
      '& .ql-editor.ql-blank::before': { color: theme.palette.text.secondary, fontStyle: 'normal' },
      '& .ql-editor blockquote': { borderLeftColor: theme.palette.divider },
    };
  };

interface CommentFormProps {
  kind: CommentFormKind;
  /** The text being edited; empty for a new comment or reply. */
  initialText?: string;
  label: string;
  placeholder: string;
  submitLabel: string;
  /** Sends the text; resolves with the API's success message (the toast), rejects with its error. */
  onSubmit: (text: string) => Promise<string>;
  onDone: () => void;
  onCancel?: () => void;
  autoFocus?: boolean;
  /** Shows the label on screen (the new comment's form); otherwise it is for screen readers only. */
  showLabel?: boolean;
}

/**
 * A comment or reply form: the lazy rich-text editor, the spec's messages when it is empty (spec 001
 * §5), the server's per-field message when it refuses the text, and on any other failure the toast
 * 'Ups, algo ha salido mal' with the inline 'Algo ha salido mal. Intente de nuevo más tarde.' (§8).
 */
export function CommentForm({
  kind,
  initialText = '',
  label,
  placeholder,
  submitLabel,
  onSubmit,
  onDone,
  onCancel,
  autoFocus = false,
  showLabel = false,
}: CommentFormProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const labelId = useId();
  const errorId = useId();
  const [text, setText] = useState(initialText);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  // A new lazy component per attempt: React.lazy remembers a failed fetch, 'Reintentar' must not.
  const [Editor, setEditor] = useState(() => lazy(loadEditor));
  const errorFocus = useErrorFocus();

  const submit = async () => {
    if (pending) {
      return;
    }
    const invalid = validateCommentText(kind, text);
    setFieldError(invalid);
    setFailure(null);
    if (invalid) {
      errorFocus.focusFirstError();
      return;
    }
    setPending(true);
    try {
      const message = await onSubmit(text);
      toast.success(message);
      setText('');
      onDone();
    } catch (error) {
      const field = serverFieldErrors(error, ['text']).text;
      if (field) {
        setFieldError(field);
        errorFocus.focusFirstError();
      } else {
        toast.error(commentMessages.actionFailed);
        setFailure(
          isApiError(error) && explainedStatuses.includes(error.status)
            ? error.message
            : commentMessages.inlineFailed,
        );
      }
    } finally {
      setPending(false);
    }
  };

  return (
    <Box
      component="form"
      ref={errorFocus.ref}
      noValidate
      aria-labelledby={labelId}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Typography
        id={labelId}
        component="span"
        variant="subtitle2"
        sx={showLabel ? { display: 'block', mb: 0.75 } : visuallyHidden}
      >
        {label}
      </Typography>
      <Box sx={editorStyles(Boolean(fieldError))}>
        <ChunkBoundary
          fallback={(retry) => (
            <FormError
              message={t('social.editorFailed')}
              sx={{ my: 1 }}
              action={
                <Button
                  color="inherit"
                  size="small"
                  onClick={() => {
                    setEditor(() => lazy(loadEditor));
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
              <Box role="status" aria-label={t('social.editorLoading')}>
                <Skeleton variant="rounded" height={34} sx={{ mb: 0.25 }} />
                <Skeleton variant="rounded" height={96} />
              </Box>
            }
          >
            <Editor
              value={text}
              onChange={(html) => {
                setText(html);
                if (fieldError) {
                  setFieldError(null);
                }
              }}
              placeholder={placeholder}
              labelledBy={labelId}
              describedBy={fieldError ? errorId : undefined}
              invalid={Boolean(fieldError)}
              autoFocus={autoFocus}
              onSubmitShortcut={() => void submit()}
            />
          </Suspense>
        </ChunkBoundary>
      </Box>
      {fieldError ? (
        <FormHelperText id={errorId} error sx={{ mx: 1.75 }}>
          {fieldError}
        </FormHelperText>
      ) : null}
      <FormError message={failure} />
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1, mt: 1 }}>
        {onCancel ? (
          <Button onClick={onCancel} disabled={pending}>
            {t('social.cancel')}
          </Button>
        ) : null}
        <Button
          type="submit"
          variant="contained"
          disabled={pending}
          startIcon={pending ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          {submitLabel}
        </Button>
      </Box>
    </Box>
  );
}
