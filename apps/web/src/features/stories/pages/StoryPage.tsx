import { lazy, Suspense, useEffect, useId, useMemo, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import ErrorOutlineOutlined from '@mui/icons-material/ErrorOutlineOutlined';
import SearchOffOutlined from '@mui/icons-material/SearchOffOutlined';
import SendOutlined from '@mui/icons-material/SendOutlined';
import { Link as RouterLink, useLocation, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { readingMinutes, storyMessages, type Story } from '@fics/contracts';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { EmptyState } from '../../../components/EmptyState';
import { formatCount } from '../../../components/PageControls';
import { PageLoader } from '../../../components/PageLoader';
import { PageTitle } from '../../../components/PageTitle';
import { useToast } from '../../../components/toast';
import { isApiError } from '../../../lib/api-client';
import { useLoginDialog, useSession } from '../../auth';
import { useDeleteStory, useSendStory, useStory } from '../api';
import { findUnsavedWork, unsavedWorkKey } from '../unsaved-work';
import { EditingBanner } from '../components/EditingBanner';
import { StoryAuthorLine } from '../components/StoryAuthorLine';
import { StoryBody } from '../components/StoryBody';
import { StoryCover } from '../components/StoryCover';
import { StoryTags } from '../components/StoryTags';

// The editor (Quill, cropper, map) loads only when someone edits: readers never download it.
const StoryForm = lazy(() => import('../components/StoryForm').then((m) => ({ default: m.StoryForm })));

/** The reading column: about 80 characters a line at the body's size. */
const ARTICLE_WIDTH = 880;
/** The cover's drawn width: a column beside the title from 768 px, the card's width below. */
const COVER_WIDTH = 220;
const coverSizes = `(min-width: 768px) ${COVER_WIDTH}px, (min-width: 480px) 420px, calc(100vw - 64px)`;

/**
 * /fics/:storyId (spec 001 §2 Story detail), public: anyone may open the link, and the API answers
 * 404 for a fic the caller may not see, which reads as a clear "does not exist". Shows the cover,
 * title, author and date, length, tags and body; 'FIC EN EDICIÓN' while unpublished; and the
 * actions the server allows (story.permissions): edit, send for review, delete.
 */
export function StoryPage() {
  const { storyId = '' } = useParams();
  const { t } = useTranslation();
  const { status } = useSession();
  const { openLogin } = useLoginDialog();
  const story = useStory(storyId);

  // Signing in here (from the not-found message, or the header) may show more: ask again.
  const previousStatus = useRef(status);
  const { refetch } = story;
  useEffect(() => {
    if (previousStatus.current === 'anonymous' && status === 'authenticated') {
      void refetch();
    }
    previousStatus.current = status;
  }, [status, refetch]);

  if (story.isPending) {
    return <StorySkeleton />;
  }
  if (story.isError) {
    // An unknown or malformed id, or a fic the caller may not see: the API does not say which.
    const missing = isApiError(story.error) && (story.error.status === 404 || story.error.status === 400);
    if (missing) {
      return (
        <EmptyState
          icon={<SearchOffOutlined fontSize="inherit" />}
          message={storyMessages.notFound}
          action={
            <Box sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'center', gap: 1 }}>
              {status === 'anonymous' ? (
                <Button variant="outlined" onClick={openLogin}>
                  {t('header.login')}
                </Button>
              ) : null}
              <Button variant="contained" component={RouterLink} to="/">
                {t('stories.goHome')}
              </Button>
            </Box>
          }
        />
      );
    }
    return (
      <EmptyState
        icon={<ErrorOutlineOutlined fontSize="inherit" />}
        message={t('errors.loadFailed')}
        action={
          <Button variant="outlined" onClick={() => void story.refetch()}>
            {t('stories.retry')}
          </Button>
        }
      />
    );
  }
  // Keyed by fic, so moving to another fic leaves edit mode and closes the dialogs.
  return <StoryScreen key={story.data._id} story={story.data} />;
}

function StoryScreen({ story }: { story: Story }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);

  // The form says 'Fic actualizada exitosamente' (or its draft or sent message) itself, and its
  // mutation put the saved fic in the cache: the page shows it as it is now.
  const saved = () => {
    setEditing(false);
    window.scrollTo({ top: 0 });
  };

  const banner =
    story.publicationStatus !== 'PUBLISHED' ? <EditingBanner status={story.publicationStatus} /> : null;

  if (editing && story.permissions.canEdit) {
    return (
      <>
        {banner}
        <PageTitle title={t('stories.editTitle')} />
        <Suspense fallback={<PageLoader />}>
          <StoryForm story={story} onSaved={saved} onCancel={() => setEditing(false)} />
        </Suspense>
      </>
    );
  }

  return (
    <Box sx={{ maxWidth: ARTICLE_WIDTH, mx: 'auto' }}>
      {banner}
      {story.permissions.canEdit ? <UnsavedWorkNotice story={story} onEdit={() => setEditing(true)} /> : null}
      <StoryView story={story} onEdit={() => setEditing(true)} />
    </Box>
  );
}

/**
 * Changes to this fic kept in this browser and never saved (a closed tab, an expired session): said
 * here at once, so the student does not have to open the editor to find them (it offers them back).
 */
function UnsavedWorkNotice({ story, onEdit }: { story: Story; onEdit: () => void }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const userId = user?._id;
  const found = useMemo(
    () => (userId ? findUnsavedWork(unsavedWorkKey(userId, story._id), story.updatedAt) !== null : false),
    [userId, story._id, story.updatedAt],
  );
  if (!found) {
    return null;
  }
  return (
    <Alert
      severity="info"
      sx={{ mb: 2 }}
      action={
        <Button color="inherit" size="small" onClick={onEdit}>
          {t('stories.unsavedWorkAction')}
        </Button>
      }
    >
      {t('stories.unsavedWork')}
    </Alert>
  );
}

function StoryView({ story, onEdit }: { story: Story; onEdit: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();

  useEffect(() => {
    document.title = `${story.title} · Fics`;
    return () => {
      document.title = 'Fics';
    };
  }, [story.title]);

  return (
    <Paper
      component="article"
      aria-labelledby={titleId}
      variant="outlined"
      sx={{ p: { xs: 2, sm: 3, md: 4 } }}
    >
      <Box
        component="header"
        sx={{
          display: 'grid',
          gap: { xs: 2, md: 3 },
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: `${COVER_WIDTH}px minmax(0, 1fr)` },
          gridTemplateRows: { md: 'auto 1fr' },
          // Phones: title and author first, then the cover; wider: the cover beside them.
          gridTemplateAreas: { xs: '"heading" "cover" "details"', md: '"cover heading" "cover details"' },
          alignItems: 'start',
          mb: { xs: 3, md: 4 },
        }}
      >
        <Box sx={{ gridArea: 'heading', minWidth: 0 }}>
          <Typography id={titleId} variant="h1" component="h1" sx={{ mb: 1.5, overflowWrap: 'anywhere' }}>
            {story.title}
          </Typography>
          <StoryAuthorLine story={story} />
        </Box>
        <Box
          sx={{
            gridArea: 'cover',
            justifySelf: { xs: 'center', md: 'stretch' },
            width: '100%',
            maxWidth: { xs: 420, md: 'none' },
          }}
        >
          <StoryCover
            image={story.image}
            alt={story.title}
            sizes={coverSizes}
            loading="eager"
            fetchPriority="high"
            sx={{ width: '100%', aspectRatio: '1 / 1', borderRadius: 2 }}
          />
        </Box>
        <Box sx={{ gridArea: 'details', display: 'flex', flexDirection: 'column', gap: 2, minWidth: 0 }}>
          <Typography variant="body2" color="text.secondary">
            {t('stories.words', { count: story.wordCount, formatted: formatCount(story.wordCount) })}
            {' · '}
            {t('stories.readingTime', { minutes: formatCount(readingMinutes(story.wordCount)) })}
          </Typography>
          <StoryTags tags={story.tags} />
          <StoryActions story={story} onEdit={onEdit} />
        </Box>
      </Box>
      <Divider sx={{ mb: { xs: 3, md: 4 } }} />
      <StoryBody html={story.text} />
      {/* The gallery issue's social bar (likes, comments count, share) goes here, under the body. */}
    </Paper>
  );
}

/** What the server says about a refused action (a 409 of the status machine, a fic gone), or the generic toast. */
function actionError(error: unknown, generic: string): string {
  return isApiError(error) && [403, 404, 409].includes(error.status) ? error.message : generic;
}

function StoryActions({ story, onEdit }: { story: Story; onEdit: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const location = useLocation();
  const { user } = useSession();
  const send = useSendStory(story._id);
  const remove = useDeleteStory(story._id);
  const [confirm, setConfirm] = useState<'send' | 'delete' | null>(null);
  // Kept while the dialog fades out, so its text does not change on the way.
  const [shownDialog, setShownDialog] = useState<'send' | 'delete'>('delete');
  const { canEdit, canSend, canDelete } = story.permissions;

  if (!canEdit && !canSend && !canDelete) {
    return null;
  }

  const ask = (which: 'send' | 'delete') => {
    setShownDialog(which);
    setConfirm(which);
  };

  const confirmSend = async () => {
    try {
      await send.mutateAsync();
      toast.success(storyMessages.sent);
    } catch (error) {
      toast.error(actionError(error, t('errors.generic')));
    }
    setConfirm(null);
  };

  const confirmDelete = async () => {
    try {
      await remove.mutateAsync();
    } catch (error) {
      toast.error(actionError(error, t('errors.generic')));
      setConfirm(null);
      return;
    }
    toast.success(storyMessages.deleted);
    // The author goes back to their list; anyone else to where they came from (home if they came
    // straight here). The deleted fic's entry is replaced, so going back does not find it.
    const isAuthor = user !== null && story.writtenBy?._id === user._id;
    if (isAuthor) {
      void navigate('/mis-fics', { replace: true });
    } else if (location.key !== 'default') {
      void navigate(-1);
    } else {
      void navigate('/', { replace: true });
    }
  };

  const pending = send.isPending || remove.isPending;

  return (
    <>
      <Box role="group" aria-label={t('stories.actions')} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        {canEdit ? (
          <Button variant="outlined" startIcon={<EditOutlined />} onClick={onEdit} disabled={pending}>
            {t('stories.edit')}
          </Button>
        ) : null}
        {canSend ? (
          <Button
            variant="contained"
            startIcon={<SendOutlined />}
            onClick={() => ask('send')}
            disabled={pending}
          >
            {t('stories.send')}
          </Button>
        ) : null}
        {canDelete ? (
          <Button
            variant="outlined"
            color="error"
            startIcon={<DeleteOutlined />}
            onClick={() => ask('delete')}
            disabled={pending}
            // The brand red is too light for text on white (theme.ts): its dark shade.
            sx={{ color: 'error.dark', borderColor: 'error.main' }}
          >
            {t('stories.delete')}
          </Button>
        ) : null}
      </Box>
      {shownDialog === 'send' ? (
        <ConfirmDialog
          open={confirm === 'send'}
          title={t('stories.sendTitle')}
          message={t('stories.sendWarning')}
          confirmLabel={t('stories.send')}
          destructive={false}
          pending={send.isPending}
          onClose={() => setConfirm(null)}
          onConfirm={() => void confirmSend()}
        />
      ) : (
        <ConfirmDialog
          open={confirm === 'delete'}
          title={t('stories.deleteTitle')}
          // The default message is the spec's: 'Esta acción no puede ser reversada, asegurese antes de continuar.'
          pending={remove.isPending}
          onClose={() => setConfirm(null)}
          onConfirm={() => void confirmDelete()}
        />
      )}
    </>
  );
}

function StorySkeleton() {
  const { t } = useTranslation();
  return (
    <Paper
      variant="outlined"
      role="status"
      aria-label={t('common.loading')}
      sx={{ maxWidth: ARTICLE_WIDTH, mx: 'auto', p: { xs: 2, sm: 3, md: 4 } }}
    >
      <Box
        sx={{
          display: 'grid',
          gap: { xs: 2, md: 3 },
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: `${COVER_WIDTH}px minmax(0, 1fr)` },
          mb: 4,
        }}
      >
        <Skeleton
          variant="rounded"
          sx={{
            width: '100%',
            maxWidth: { xs: 420, md: 'none' },
            aspectRatio: '1 / 1',
            height: 'auto',
            justifySelf: 'center',
          }}
        />
        <Box>
          <Skeleton variant="text" sx={{ fontSize: '2rem', width: '80%' }} />
          <Skeleton variant="text" width="40%" />
          <Skeleton variant="text" width="30%" />
        </Box>
      </Box>
      {Array.from({ length: 6 }, (_, index) => (
        <Skeleton key={index} variant="text" width={index === 5 ? '60%' : '100%'} />
      ))}
    </Paper>
  );
}
