import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { Annotation } from '@fics/contracts';
import { NoteThread, type NoteViewer } from './NoteThread';
import { commentBankSlots } from './comment-bank-slots';

/** 'Notas sin ubicación': notes whose passage is gone, each with its quote and thread, never lost. */
export function OrphanNotes({
  notes,
  storyId,
  viewer,
}: {
  notes: readonly Annotation[];
  storyId: string;
  viewer: NoteViewer;
}) {
  const { t } = useTranslation();
  if (notes.length === 0) {
    return null;
  }
  return (
    <Box component="section" aria-labelledby={`orphans-${storyId}`} sx={{ mt: 2 }}>
      <Typography
        id={`orphans-${storyId}`}
        variant="h3"
        component="h2"
        sx={{ fontSize: '1rem', fontWeight: 700 }}
      >
        {t('annotations.orphans')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('annotations.orphansHint')}
      </Typography>
      <Box
        component="ol"
        sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexDirection: 'column', gap: 1.5 }}
      >
        {notes.map((note) => (
          <Box
            component="li"
            key={note._id}
            sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }}
          >
            <NoteThread note={note} storyId={storyId} viewer={viewer} showQuote {...commentBankSlots} />
          </Box>
        ))}
      </Box>
    </Box>
  );
}

/**
 * Every note of a fic in text order, each with its quote and thread, then 'Notas sin ubicación':
 * the phone's 'Notas (n)' sheet and the editor's panel. `actionsOf`: a per-note extra (such as
 * 'Ver en el texto').
 */
export function NotesList({
  placed,
  orphans,
  storyId,
  viewer,
  actionsOf,
}: {
  placed: readonly Annotation[];
  orphans: readonly Annotation[];
  storyId: string;
  viewer: NoteViewer;
  actionsOf?: (note: Annotation, number: number) => ReactNode;
}) {
  const { t } = useTranslation();
  if (placed.length === 0 && orphans.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        {t('annotations.empty')}
      </Typography>
    );
  }
  return (
    <Box>
      <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {placed.map((note, index) => (
          <Box component="li" key={note._id} sx={{ py: 1.5 }}>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 0.5 }}>
              <Typography variant="overline" component="span" sx={{ lineHeight: 1.5 }}>
                {t('annotations.noteLabel')} {index + 1}
              </Typography>
              {actionsOf?.(note, index + 1)}
            </Box>
            <NoteThread note={note} storyId={storyId} viewer={viewer} showQuote {...commentBankSlots} />
            {index < placed.length - 1 ? <Divider sx={{ mt: 1.5 }} /> : null}
          </Box>
        ))}
      </Box>
      <OrphanNotes notes={orphans} storyId={storyId} viewer={viewer} />
    </Box>
  );
}
