import { useMemo } from 'react';
import type { Annotation, Story } from '@fics/contracts';
import { useCurrentUser } from '../../auth';
import { useStoryAnnotations } from '../api';
import type { NoteViewer } from './NoteThread';

/** The fic's notes split as the views show them: placed ones in text order (numbered), orphans last. */
export function useNotes(story: Story) {
  const query = useStoryAnnotations(story._id, story.updatedAt);
  const { placed, orphans } = useMemo(() => {
    const all = query.data ?? [];
    return {
      placed: all.filter((note) => !note.orphan).sort((a, b) => a.position.start - b.position.start),
      orphans: all.filter((note) => note.orphan),
    };
  }, [query.data]);
  return { query, placed, orphans, count: placed.length + orphans.length };
}

/**
 * Who the viewer is to the fic's notes. The author is whoever may read the notes but not write one
 * (the server's gates: viewAnnotations without annotate is the author alone).
 */
export function useNoteViewer(story: Story): NoteViewer {
  const user = useCurrentUser().data ?? null;
  const { canViewAnnotations, canAnnotate } = story.permissions;
  return {
    userId: user?._id ?? null,
    isAuthor: canViewAnnotations && !canAnnotate,
    canAnnotate,
    isAdmin: user?.role.name === 'ADMIN',
  };
}

/** The opening of a note for its footnote's name ('Nota 3: Aquí cambia…'). */
export function noteLead(note: Annotation, length = 60): string {
  const text = note.text.replace(/\s+/g, ' ').trim();
  return text.length > length ? `${text.slice(0, length - 1)}…` : text;
}
