import { useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { Annotation } from '@fics/contracts';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { useToast } from '../../../components/toast';
import { isApiError } from '../../../lib/api-client';
import { useDeleteAnnotation, useReplyToAnnotation, useUpdateAnnotation } from '../api';
import { NoteTextForm } from './NoteTextForm';

/** What the viewer is to the fic, for the actions a note offers (the server decides again). */
export interface NoteViewer {
  userId: string | null;
  /** The fic's author: may mark notes 'Resuelta'. */
  isAuthor: boolean;
  /** A teacher of the grade or an administrator (story.permissions.canAnnotate): may reopen. */
  canAnnotate: boolean;
  isAdmin: boolean;
}

const dateFormat = new Intl.DateTimeFormat('es-CL', { dateStyle: 'medium', timeStyle: 'short' });
const formatDate = (iso: string) => dateFormat.format(new Date(iso));

interface NoteThreadProps {
  note: Annotation;
  storyId: string;
  viewer: NoteViewer;
  /** Show the quoted passage (the sheets and lists; the margin sits beside it already). */
  showQuote?: boolean;
  /**
   * Slot for the comment bank (features/comment-bank's SaveCommentButton): the button that saves
   * the text of a note the viewer wrote to 'Mis comentarios'; `field` names the note (its passage).
   */
  saveToCommentBank?: (text: string, field: string) => ReactNode;
}

/** A passage's first words, for a name that tells one note from another. */
const shortPassage = (exact: string) => (exact.length > 40 ? `${exact.slice(0, 40).trimEnd()}…` : exact);

/**
 * One note and its thread, wherever notes show (margin, sheets, the editor's panel): the text (as
 * text, never HTML), who wrote it and when, 'Resuelta', its replies and a reply form, and the
 * actions that make sense for the viewer. Refusals come back as the server's message in a toast.
 */
export function NoteThread({ note, storyId, viewer, showQuote = false, saveToCommentBank }: NoteThreadProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const update = useUpdateAnnotation(storyId);
  const remove = useDeleteAnnotation(storyId);
  const reply = useReplyToAnnotation(storyId);
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);

  const wrote = viewer.userId !== null && note.author._id === viewer.userId;
  const canResolve = !note.resolved && (viewer.isAuthor || viewer.isAdmin);
  const canReopen = note.resolved && viewer.canAnnotate;
  const canDelete = wrote || viewer.isAdmin;

  const failed = (error: unknown) =>
    toast.error(isApiError(error) ? error.message : t('errors.genericInline'));

  const setResolved = (resolved: boolean) =>
    update.mutate(
      { id: note._id, body: { resolved } },
      { onSuccess: (answer) => toast.success(answer.message), onError: failed },
    );

  const confirmDelete = () =>
    remove.mutate(note._id, {
      onSuccess: (answer) => {
        setConfirming(false);
        toast.success(answer.message);
      },
      onError: (error) => {
        setConfirming(false);
        failed(error);
      },
    });

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1, minWidth: 0 }}>
      <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="subtitle2" component="span" sx={{ overflowWrap: 'anywhere' }}>
          {note.author.name}
        </Typography>
        <Typography variant="caption" color="text.secondary" component="span">
          {formatDate(note.createdAt)}
        </Typography>
        {note.resolved ? (
          <Chip label={t('annotations.resolved')} size="small" color="success" variant="outlined" />
        ) : null}
      </Box>
      {showQuote ? (
        <Box
          component="blockquote"
          sx={{ m: 0, pl: 1.5, borderLeft: 3, borderColor: 'warning.light', color: 'text.secondary' }}
        >
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere', fontStyle: 'italic' }}>
            {note.quote.exact}
          </Typography>
        </Box>
      ) : null}
      {editing ? (
        <NoteTextForm
          kind="note"
          label={t('annotations.noteLabel')}
          submitLabel={t('annotations.save')}
          defaultValue={note.text}
          autoFocus
          onCancel={() => setEditing(false)}
          onSubmit={async (text) => {
            const answer = await update.mutateAsync({ id: note._id, body: { text } });
            toast.success(answer.message);
            setEditing(false);
          }}
        />
      ) : (
        <Typography variant="body2" sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
          {note.text}
        </Typography>
      )}
      {!editing ? (
        <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
          {canResolve ? (
            <Button
              size="small"
              variant="outlined"
              onClick={() => setResolved(true)}
              disabled={update.isPending}
            >
              {t('annotations.resolve')}
            </Button>
          ) : null}
          {canReopen ? (
            <Button size="small" onClick={() => setResolved(false)} disabled={update.isPending}>
              {t('annotations.reopen')}
            </Button>
          ) : null}
          {wrote ? (
            <Button size="small" onClick={() => setEditing(true)}>
              {t('annotations.edit')}
            </Button>
          ) : null}
          {canDelete ? (
            <Button size="small" color="error" onClick={() => setConfirming(true)}>
              {t('annotations.delete')}
            </Button>
          ) : null}
          {wrote && saveToCommentBank
            ? saveToCommentBank(
                note.text,
                t('annotations.noteOn', { passage: shortPassage(note.quote.exact) }),
              )
            : null}
        </Box>
      ) : null}
      {note.replies.length > 0 ? (
        <Box
          component="ol"
          aria-label={t('annotations.replies', { count: note.replies.length })}
          sx={{ listStyle: 'none', m: 0, p: 0, pl: 1.5, borderLeft: 2, borderColor: 'divider' }}
        >
          {note.replies.map((answer) => (
            <Box component="li" key={answer._id} sx={{ py: 0.5 }}>
              <Typography variant="caption" color="text.secondary" component="p">
                <Box component="span" sx={{ fontWeight: 600, color: 'text.primary' }}>
                  {answer.author.name}
                </Box>{' '}
                · {formatDate(answer.createdAt)}
              </Typography>
              <Typography variant="body2" sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
                {answer.text}
              </Typography>
            </Box>
          ))}
        </Box>
      ) : null}
      <NoteTextForm
        kind="reply"
        label={t('annotations.replyLabel')}
        submitLabel={t('annotations.reply')}
        onSubmit={async (text) => {
          const answer = await reply.mutateAsync({ id: note._id, text });
          toast.success(answer.message);
        }}
      />
      <ConfirmDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        onConfirm={confirmDelete}
        title={t('annotations.deleteTitle')}
        message={t('annotations.deleteMessage')}
        confirmLabel={t('annotations.delete')}
        pending={remove.isPending}
      />
    </Box>
  );
}
