import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import CloseIcon from '#icons/Close';
import { useTranslation } from 'react-i18next';
import type { Story } from '@fics/contracts';
import { NotesList } from './NotesList';
import { useNotes, useNoteViewer } from './use-notes';

/**
 * The notes while the author corrects the fic (issue 20.1): beside the editor at desktop width, a
 * 'Notas (n)' sheet at phone width; in text order with their quotes and threads, orphans last. After
 * a save the fic's updatedAt changes and the re-anchored notes are read again (useNotes).
 */
export function EditorNotes({ story }: { story: Story }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const desktop = useMediaQuery(theme.breakpoints.up('md'));
  const { placed, orphans, count } = useNotes(story);
  const viewer = useNoteViewer(story);
  const [open, setOpen] = useState(false);
  const list = <NotesList placed={placed} orphans={orphans} storyId={story._id} viewer={viewer} />;

  if (desktop) {
    return (
      <Box
        component="aside"
        aria-labelledby={`editor-notes-${story._id}`}
        sx={{ position: 'sticky', top: 80, maxHeight: 'calc(100vh - 96px)', overflowY: 'auto', pr: 0.5 }}
      >
        <Typography id={`editor-notes-${story._id}`} variant="h6" component="h2" sx={{ mb: 1 }}>
          {t('annotations.notesCount', { count })}
        </Typography>
        {list}
      </Box>
    );
  }
  return (
    <>
      <Button variant="outlined" onClick={() => setOpen(true)} sx={{ mb: 2 }}>
        {t('annotations.notesCount', { count })}
      </Button>
      <Drawer
        anchor="bottom"
        open={open}
        onClose={() => setOpen(false)}
        slotProps={{
          paper: {
            role: 'dialog',
            'aria-labelledby': `editor-notes-${story._id}`,
            sx: { maxHeight: '85vh', borderTopLeftRadius: 12, borderTopRightRadius: 12 },
          } as object,
        }}
      >
        <Box sx={{ display: 'flex', alignItems: 'center', px: 2, pt: 1.5 }}>
          <Typography id={`editor-notes-${story._id}`} variant="h6" component="h2" sx={{ flex: 1 }}>
            {t('annotations.notesCount', { count })}
          </Typography>
          <IconButton aria-label={t('annotations.close')} onClick={() => setOpen(false)}>
            <CloseIcon />
          </IconButton>
        </Box>
        <Box sx={{ px: 2, pb: 3, overflowY: 'auto' }}>{list}</Box>
      </Drawer>
    </>
  );
}
