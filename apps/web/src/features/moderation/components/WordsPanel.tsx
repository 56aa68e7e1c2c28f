import { useCallback, useEffect, useId, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import DeleteOutlined from '#icons/DeleteOutlined';
import SearchOutlined from '#icons/SearchOutlined';
import SpellcheckOutlined from '#icons/SpellcheckOutlined';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import {
  commentModerationMessages,
  createModerationWordBodySchema,
  maxPage,
  moderationWordLimits,
  moderationWordsPaging,
  type CreateModerationWordBody,
  type ModerationWord,
} from '@fics/contracts';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { CountedHelperText } from '../../../components/CountedHelperText';
import { EmptyState } from '../../../components/EmptyState';
import { applyServerErrors } from '../../../components/form-errors';
import { FormError } from '../../../components/FormError';
import { LoadFailedState } from '../../../components/LoadFailedState';
import {
  formatCount,
  ListTotal,
  PageControls,
  useLastPageWhenPastTheEnd,
} from '../../../components/PageControls';
import { PageLoader } from '../../../components/PageLoader';
import { SubmitButton } from '../../../components/SubmitButton';
import { useToast } from '../../../components/toast';
import { isApiError } from '../../../lib/api-client';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { urlParam, useUrlState } from '../../../lib/use-url-state';
import { useAddModerationWord, useDeleteModerationWord, useModerationWords } from '../api';
import { formatDate } from './Quote';

/** Search and page in the query string (/reportes?vista=palabras&q=ton&page=2). */
const urlParams = {
  q: urlParam.text({ maxLength: moderationWordLimits.max }),
  page: urlParam.int({ min: 1, max: maxPage, fallback: 1 }),
};
const urlOptions = { resetOnChange: ['page'] } as const;
const limit = moderationWordsPaging.defaultLimit;
const SEARCH_DEBOUNCE_MS = 300;

/**
 * 'Palabras' on /reportes (administrators; issue 21.6): the words whose comments and replies are held
 * for a teacher's approval. Add one (the contract's schema and Spanish messages; 409 when it is
 * listed already, case and accents ignored), search, delete after confirming, a page at a time.
 */
export function WordsPanel() {
  const { t } = useTranslation();
  const [url, setUrl] = useUrlState(urlParams, urlOptions);
  // The field follows the typing; the URL (and the call) the settled text.
  const [search, setSearch] = useState(url.q);
  const settled = useDebouncedValue(search, SEARCH_DEBOUNCE_MS).trim();
  useEffect(() => {
    if (settled !== url.q) {
      setUrl({ q: settled }, { replace: true });
    }
  }, [settled, url.q, setUrl]);
  const { page } = url;
  const words = useModerationWords({ q: url.q || undefined, page, limit });
  const shown = words.data;

  const replacePage = useCallback((last: number) => setUrl({ page: last }, { replace: true }), [setUrl]);
  useLastPageWhenPastTheEnd(shown, { enabled: !words.isPlaceholderData, goTo: replacePage });
  const listTop = useRef<HTMLDivElement>(null);

  const [deleting, setDeleting] = useState<ModerationWord | null>(null);

  let content;
  if (words.isError) {
    content = <LoadFailedState onRetry={() => void words.refetch()} />;
  } else if (!shown) {
    content = <PageLoader />;
  } else if (shown.totalDocs === 0) {
    content = (
      <Paper variant="outlined">
        <EmptyState
          icon={<SpellcheckOutlined fontSize="inherit" />}
          message={url.q ? t('moderation.wordsNoMatch') : commentModerationMessages.wordsEmpty}
        />
      </Paper>
    );
  } else {
    content = (
      <Paper variant="outlined" sx={{ opacity: words.isPlaceholderData ? 0.6 : 1 }}>
        <Box
          component="ul"
          aria-label={t('moderation.wordsList')}
          aria-busy={words.isPlaceholderData}
          sx={{ listStyle: 'none', m: 0, p: 0 }}
        >
          {shown.docs.map((word) => (
            <Box
              component="li"
              key={word._id}
              sx={{
                display: 'flex',
                alignItems: 'center',
                gap: 1,
                px: 2,
                py: 1,
                borderBottom: 1,
                borderColor: 'divider',
              }}
            >
              <Box sx={{ minWidth: 0, flexGrow: 1 }}>
                <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{word.word}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {word.createdBy
                    ? t('moderation.wordAddedBy', {
                        name: word.createdBy.name,
                        date: formatDate(word.createdAt),
                      })
                    : t('moderation.wordAddedOn', { date: formatDate(word.createdAt) })}
                </Typography>
              </Box>
              <Tooltip title={t('moderation.deleteWord', { word: word.word })}>
                <IconButton
                  onClick={() => setDeleting(word)}
                  aria-label={t('moderation.deleteWord', { word: word.word })}
                  sx={{ color: 'error.dark' }}
                >
                  <DeleteOutlined />
                </IconButton>
              </Tooltip>
            </Box>
          ))}
        </Box>
        <PageControls
          page={page}
          limit={limit}
          totalDocs={shown.totalDocs}
          onPageChange={(next) => {
            setUrl({ page: next });
            listTop.current?.scrollIntoView?.({ block: 'start' });
          }}
          label={t('moderation.wordsPages')}
        />
      </Paper>
    );
  }

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Typography color="text.secondary">{t('moderation.wordsIntro')}</Typography>
      <AddWordForm />
      <Box role="search" aria-label={t('moderation.searchWords')}>
        <TextField
          type="search"
          size="small"
          label={t('moderation.searchWords')}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          fullWidth={false}
          sx={{ width: { xs: '100%', sm: 320 } }}
          slotProps={{
            htmlInput: { maxLength: moderationWordLimits.max },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchOutlined aria-hidden />
                </InputAdornment>
              ),
            },
          }}
        />
      </Box>
      <ListTotal
        ref={listTop}
        text={
          shown && !words.isError && shown.totalDocs > 0
            ? t('moderation.wordsTotal', { count: shown.totalDocs, formatted: formatCount(shown.totalDocs) })
            : null
        }
      />
      {content}
      <DeleteWordDialog word={deleting} onClose={() => setDeleting(null)} />
    </Box>
  );
}

/** 'Palabra o expresión' + 'Agregar': checked with the contract's schema before the call. */
function AddWordForm() {
  const { t } = useTranslation();
  const toast = useToast();
  const add = useAddModerationWord();
  const fieldId = useId();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    control,
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<{ word: string }, unknown, CreateModerationWordBody>({
    resolver: zodResolver(createModerationWordBodySchema),
    defaultValues: { word: '' },
  });
  const word = useWatch({ control, name: 'word' });

  const onSubmit = handleSubmit(async (body) => {
    setFailure(null);
    try {
      const answer = await add.mutateAsync(body);
      toast.success(answer.message || commentModerationMessages.wordAdded);
      reset({ word: '' });
    } catch (error) {
      if (isApiError(error) && error.status === 409) {
        // Listed already: the field says so, as a validation message would.
        setError(
          'word',
          { message: error.message || commentModerationMessages.wordDuplicate },
          { shouldFocus: true },
        );
        return;
      }
      if (applyServerErrors(error, setError, ['word'])) {
        return;
      }
      setFailure(
        isApiError(error) && error.status > 0 && error.status < 500 && error.message
          ? error.message
          : t('errors.genericInline'),
      );
    }
  });

  return (
    <Paper variant="outlined" component="form" noValidate onSubmit={onSubmit} sx={{ p: 2 }}>
      <Box
        sx={{ display: 'flex', flexWrap: { xs: 'wrap', sm: 'nowrap' }, gap: 1.5, alignItems: 'flex-start' }}
      >
        <TextField
          id={fieldId}
          size="small"
          label={t('moderation.wordLabel')}
          autoComplete="off"
          {...register('word')}
          error={Boolean(errors.word)}
          helperText={
            <CountedHelperText
              message={errors.word?.message}
              count={word.length}
              max={moderationWordLimits.max}
            />
          }
          sx={{ flex: '1 1 240px' }}
        />
        <SubmitButton
          pending={isSubmitting}
          sx={{ flex: { xs: '1 1 100%', sm: '0 0 auto' }, mt: { sm: 0.25 } }}
        >
          {t('moderation.addWord')}
        </SubmitButton>
      </Box>
      <FormError message={failure} />
    </Paper>
  );
}

function DeleteWordDialog({ word, onClose }: { word: ModerationWord | null; onClose: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const remove = useDeleteModerationWord();
  // Kept while the dialog fades out, so its title does not change on the way.
  const [last, setLast] = useState(word);
  if (word && word !== last) {
    setLast(word);
  }
  const shown = word ?? last;
  return (
    <ConfirmDialog
      open={word !== null}
      title={t('moderation.deleteWordTitle', { word: shown?.word ?? '' })}
      message={t('moderation.deleteWordText')}
      pending={remove.isPending}
      onClose={onClose}
      onConfirm={() => {
        if (!word) {
          return;
        }
        remove.mutate(word._id, {
          onSuccess: (answer) => toast.success(answer.message || commentModerationMessages.wordRemoved),
          onError: (error) =>
            isApiError(error) && error.status === 404
              ? toast.info(error.message || commentModerationMessages.wordNotFound)
              : toast.error(t('errors.generic')),
          onSettled: onClose,
        });
      }}
    />
  );
}
