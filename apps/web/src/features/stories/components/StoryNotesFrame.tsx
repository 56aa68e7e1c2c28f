import { lazy, Suspense, useRef, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import type { Story } from '@fics/contracts';
import { ARTICLE_WIDTH } from './StoryArticle';

// The notes on passages (features/annotations) load only for who may see them: the home page, a
// fic's readers and classmates never download them, nor ask the API (it would answer 404).
const StoryNotes = lazy(() => import('../../annotations').then((m) => ({ default: m.StoryNotes })));
const EditorNotes = lazy(() => import('../../annotations').then((m) => ({ default: m.EditorNotes })));

/** The margin the notes take beside the text at desktop width. */
const NOTES_WIDTH = 320;
const NOTES_GAP = 24;

/** The page's width: the reading column, and the margin when the caller sees the notes. */
export function pageWidth(story: Story) {
  return story.permissions.canViewAnnotations
    ? { xs: ARTICLE_WIDTH, md: ARTICLE_WIDTH + NOTES_WIDTH + NOTES_GAP }
    : ARTICLE_WIDTH;
}

const besideGrid = {
  display: { md: 'grid' },
  gridTemplateColumns: { md: `minmax(0, 1fr) ${NOTES_WIDTH}px` },
  columnGap: `${NOTES_GAP}px`,
  alignItems: 'start',
} as const;

/**
 * The fic's article (`children`) with its notes beside it: highlights in the text, the margin at
 * desktop width, sheets at phone width. Only the article when the caller may not see notes.
 */
export function StoryNotesFrame({ story, children }: { story: Story; children: ReactNode }) {
  const articleRef = useRef<HTMLDivElement>(null);
  if (!story.permissions.canViewAnnotations) {
    return children;
  }
  return (
    <Box sx={{ ...besideGrid, pb: { xs: 8, md: 0 } }}>
      <Box ref={articleRef} sx={{ minWidth: 0 }}>
        {children}
      </Box>
      <Suspense fallback={null}>
        <StoryNotes story={story} articleRef={articleRef} />
      </Suspense>
    </Box>
  );
}

/** The editor (`children`) with the fic's notes beside it (desktop) or in a 'Notas (n)' sheet (phone). */
export function EditorNotesFrame({ story, children }: { story: Story; children: ReactNode }) {
  if (!story.permissions.canViewAnnotations) {
    return children;
  }
  return (
    <Box sx={besideGrid}>
      <Box sx={{ minWidth: 0, gridColumn: { md: 1 }, gridRow: { md: 1 } }}>{children}</Box>
      <Box sx={{ minWidth: 0, gridColumn: { md: 2 }, gridRow: { md: 1 }, order: { xs: -1, md: 0 } }}>
        <Suspense fallback={null}>
          <EditorNotes story={story} />
        </Suspense>
      </Box>
    </Box>
  );
}
