import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type RefObject } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Drawer from '@mui/material/Drawer';
import GlobalStyles from '@mui/material/GlobalStyles';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Portal from '@mui/material/Portal';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import CloseIcon from '#icons/Close';
import RateReviewOutlined from '#icons/RateReviewOutlined';
import { useTranslation } from 'react-i18next';
import type { Annotation, Story } from '@fics/contracts';
import { useToast } from '../../../components/toast';
import { useCreateAnnotation } from '../api';
import { applyHighlights, clearHighlights, firstMarkOf, noteIdAt, setActiveHighlight } from '../highlights';
import { plainTextOf, quoteAt, rangeToPosition, type TextPosition } from '../text-position';
import { commentBankPicker, commentBankSlots } from './comment-bank-slots';
import { NotesList, OrphanNotes } from './NotesList';
import { NoteThread, type NoteViewer } from './NoteThread';
import { NoteTextForm } from './NoteTextForm';
import { noteLead, useNotes, useNoteViewer } from './use-notes';

/** Room between two cards of the margin. */
const CARD_GAP = 8;

/** The highlights' look; the footnote's figure is CSS content, so the text stays the fic's text. */
const highlightStyles = {
  '.story-body mark[data-note-id]': {
    backgroundColor: 'rgba(255, 202, 40, 0.45)',
    color: 'inherit',
    cursor: 'pointer',
    borderRadius: 2,
  },
  '.story-body mark[data-note-id][data-resolved]': {
    backgroundColor: 'rgba(255, 202, 40, 0.16)',
  },
  '.story-body mark[data-note-id][data-active]': {
    backgroundColor: 'rgba(255, 160, 0, 0.6)',
    boxShadow: '0 2px 0 #e65100',
  },
  '.story-body button[data-note-ref]': {
    font: 'inherit',
    fontSize: '0.7em',
    fontWeight: 700,
    verticalAlign: 'super',
    lineHeight: 1,
    color: '#8a4b00',
    background: 'none',
    border: 0,
    padding: '0 2px',
    margin: 0,
    cursor: 'pointer',
    minWidth: 0,
  },
  '.story-body button[data-note-ref]::after': { content: 'attr(data-number)' },
  '.story-body button[data-note-ref]:focus-visible': { outline: '2px solid #1565c0', borderRadius: 2 },
  '.story-body button[data-note-ref][data-active]': { color: '#e65100' },
} as const;

interface StoryNotesProps {
  story: Story;
  /** The element holding the fic's `.story-body` (the article the page renders beside this). */
  articleRef: RefObject<HTMLElement | null>;
}

/**
 * The notes on a fic's passages beside its text (issue 20.1): highlights with a footnote each, in
 * text order for the keyboard; at desktop width a margin whose cards sit level with their passages;
 * at phone width a sheet per note from its highlight and 'Notas (n)' for the list; 'Notas sin
 * ubicación' last. A teacher of the grade or an administrator selects a passage and writes a note
 * with 'Anotar'. Rendered only for who may see the notes (story.permissions.canViewAnnotations).
 */
export function StoryNotes({ story, articleRef }: StoryNotesProps) {
  const { t } = useTranslation();
  const theme = useTheme();
  const desktop = useMediaQuery(theme.breakpoints.up('md'));
  const { placed, orphans, count } = useNotes(story);
  const viewer = useNoteViewer(story);
  const [active, setActive] = useState<string | null>(null);
  // What the phone's sheet shows, kept while it slides away.
  const [sheet, setSheet] = useState<'note' | 'list'>('list');
  const [sheetOpen, setSheetOpen] = useState(false);
  const openSheet = (kind: 'note' | 'list') => {
    setSheet(kind);
    setSheetOpen(true);
  };
  const closeSheet = () => setSheetOpen(false);
  const cardRefs = useRef(new Map<string, HTMLElement>());

  const body = useCallback(
    () => articleRef.current?.querySelector<HTMLElement>('.story-body') ?? null,
    [articleRef],
  );

  // Highlights, again whenever the notes or the text change (a new text replaces the body's HTML).
  const highlights = useMemo(
    () =>
      placed.map((note, index) => ({
        id: note._id,
        start: note.position.start,
        end: note.position.end,
        number: index + 1,
        label: t('annotations.footnote', { number: index + 1, text: noteLead(note) }),
        resolved: note.resolved,
      })),
    [placed, t],
  );
  useLayoutEffect(() => {
    const root = body();
    if (!root) {
      return undefined;
    }
    applyHighlights(root, highlights);
    return () => clearHighlights(root);
  }, [body, highlights, story.text]);
  useLayoutEffect(() => {
    const root = body();
    if (root) {
      setActiveHighlight(root, active);
    }
  }, [body, active, highlights, story.text]);

  /** From the text: the note's card (desktop) or its sheet (phone). */
  const openFromText = useCallback(
    (id: string) => {
      setActive(id);
      if (desktop) {
        const card = cardRefs.current.get(id);
        card?.focus({ preventScroll: true });
        card?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
      } else {
        setSheet('note');
        setSheetOpen(true);
      }
    },
    [desktop],
  );

  useEffect(() => {
    const root = body();
    if (!root) {
      return undefined;
    }
    const onClick = (event: MouseEvent) => {
      const id = noteIdAt(event.target);
      // A click that ends a selection is the teacher choosing a passage, not opening a note.
      if (id && (window.getSelection()?.isCollapsed ?? true)) {
        openFromText(id);
      }
    };
    root.addEventListener('click', onClick);
    return () => root.removeEventListener('click', onClick);
  }, [body, openFromText, story.text]);

  /** From a card: its passage scrolled into view. */
  const showInText = (id: string) => {
    setActive(id);
    const root = body();
    const mark = root ? firstMarkOf(root, id) : null;
    mark?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
  };

  const activeNote = placed.find((note) => note._id === active) ?? null;
  const activeNumber = activeNote ? placed.indexOf(activeNote) + 1 : 0;

  return (
    <>
      <GlobalStyles styles={highlightStyles} />
      {story.permissions.canAnnotate ? (
        <AnnotateSelection story={story} body={body} desktop={desktop} onCreated={setActive} />
      ) : null}
      {desktop ? (
        <NotesMargin
          placed={placed}
          orphans={orphans}
          story={story}
          viewer={viewer}
          body={body}
          active={active}
          cardRefs={cardRefs.current}
          onActivate={showInText}
        />
      ) : (
        <>
          <Button
            variant="contained"
            color="secondary"
            onClick={() => openSheet('list')}
            sx={{
              position: 'fixed',
              left: 16,
              bottom: 16,
              zIndex: (th) => th.zIndex.speedDial,
              borderRadius: 6,
              boxShadow: 3,
            }}
          >
            {t('annotations.notesCount', { count })}
          </Button>
          <Drawer
            anchor="bottom"
            open={sheetOpen}
            onClose={closeSheet}
            slotProps={{
              paper: {
                'aria-labelledby': `notes-sheet-${story._id}`,
                role: 'dialog',
                sx: { maxHeight: '85vh', borderTopLeftRadius: 12, borderTopRightRadius: 12 },
              } as object,
            }}
          >
            <Box sx={{ display: 'flex', alignItems: 'center', px: 2, pt: 1.5 }}>
              <Typography id={`notes-sheet-${story._id}`} variant="h6" component="h2" sx={{ flex: 1 }}>
                {sheet === 'note' && activeNote
                  ? `${t('annotations.noteLabel')} ${activeNumber}`
                  : t('annotations.notesCount', { count })}
              </Typography>
              <IconButton aria-label={t('annotations.close')} onClick={closeSheet}>
                <CloseIcon />
              </IconButton>
            </Box>
            <Box sx={{ px: 2, pb: 3, overflowY: 'auto' }}>
              {sheet === 'note' && activeNote ? (
                <NoteThread
                  note={activeNote}
                  storyId={story._id}
                  viewer={viewer}
                  showQuote
                  {...commentBankSlots}
                />
              ) : (
                <NotesList
                  placed={placed}
                  orphans={orphans}
                  storyId={story._id}
                  viewer={viewer}
                  actionsOf={(note) => (
                    <Button
                      size="small"
                      onClick={() => {
                        closeSheet();
                        showInText(note._id);
                      }}
                    >
                      {t('annotations.showInText')}
                    </Button>
                  )}
                />
              )}
            </Box>
          </Drawer>
        </>
      )}
    </>
  );
}

interface NotesMarginProps {
  placed: readonly Annotation[];
  orphans: readonly Annotation[];
  story: Story;
  viewer: NoteViewer;
  body: () => HTMLElement | null;
  active: string | null;
  cardRefs: Map<string, HTMLElement>;
  onActivate: (id: string) => void;
}

/**
 * The desktop margin: each card level with its passage's first line, pushed down below the card
 * before it so none overlaps; the active one open with its thread. 'Notas sin ubicación' after them.
 */
function NotesMargin({
  placed,
  orphans,
  story,
  viewer,
  body,
  active,
  cardRefs,
  onActivate,
}: NotesMarginProps) {
  const { t } = useTranslation();
  const columnRef = useRef<HTMLElement | null>(null);
  const [layout, setLayout] = useState<{ tops: Record<string, number>; height: number }>({
    tops: {},
    height: 0,
  });

  const measure = useCallback(() => {
    const column = columnRef.current;
    const root = body();
    if (!column || !root) {
      return;
    }
    const base = column.getBoundingClientRect().top;
    const tops: Record<string, number> = {};
    let floor = 0;
    for (const note of placed) {
      const mark = firstMarkOf(root, note._id);
      const wanted = mark ? mark.getBoundingClientRect().top - base : floor;
      const top = Math.max(Math.round(wanted), floor);
      tops[note._id] = top;
      floor = top + (cardRefs.get(note._id)?.offsetHeight ?? 0) + CARD_GAP;
    }
    setLayout((previous) =>
      previous.height === floor && placed.every((note) => previous.tops[note._id] === tops[note._id])
        ? previous
        : { tops, height: floor },
    );
  }, [body, placed, cardRefs]);

  // After every render (a card opened), and when the text, the window or a card reflows: an open
  // card grows without this margin rendering (its thread's replies arrive, its reply box opens), and
  // the cards below it, and the margin's height, must follow, or the last card hangs past the page's
  // end, under the floating 'Evaluar'.
  useLayoutEffect(measure);
  useEffect(() => {
    const root = body();
    if (typeof ResizeObserver === 'undefined') {
      return undefined;
    }
    const observer = new ResizeObserver(() => measure());
    for (const element of [root, columnRef.current, ...cardRefs.values()]) {
      if (element) {
        observer.observe(element);
      }
    }
    return () => observer.disconnect();
  }, [body, measure, cardRefs]);

  return (
    <Box
      component="aside"
      ref={columnRef}
      aria-label={t('annotations.notes')}
      sx={{ position: 'relative', minWidth: 0 }}
    >
      {placed.length === 0 && orphans.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ px: 1 }}>
          {story.permissions.canAnnotate ? t('annotations.selectHint') : t('annotations.empty')}
        </Typography>
      ) : null}
      <Box sx={{ position: 'relative', height: layout.height }}>
        {placed.map((note, index) => {
          const open = note._id === active;
          return (
            <Paper
              key={note._id}
              variant="outlined"
              tabIndex={-1}
              data-note-card={note._id}
              ref={(element: HTMLElement | null) => {
                if (element) {
                  cardRefs.set(note._id, element);
                } else {
                  cardRefs.delete(note._id);
                }
              }}
              sx={{
                position: 'absolute',
                left: 0,
                right: 0,
                top: layout.tops[note._id] ?? 0,
                p: 1.5,
                borderColor: open ? 'warning.main' : 'divider',
                borderWidth: open ? 2 : 1,
                bgcolor: note.resolved ? 'grey.50' : 'background.paper',
                zIndex: open ? 2 : 1,
                transition: 'top 120ms ease-out',
                '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main' },
              }}
            >
              {open ? (
                <>
                  <Typography variant="overline" component="p" sx={{ lineHeight: 1.5 }}>
                    {t('annotations.noteLabel')} {index + 1}
                  </Typography>
                  <NoteThread note={note} storyId={story._id} viewer={viewer} {...commentBankSlots} />
                </>
              ) : (
                <ButtonBase
                  onClick={() => onActivate(note._id)}
                  aria-label={t('annotations.openNote', { number: index + 1 })}
                  sx={{ display: 'block', textAlign: 'left', width: '100%', borderRadius: 1 }}
                >
                  <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', mb: 0.5 }}>
                    <Typography variant="caption" sx={{ fontWeight: 700 }}>
                      {index + 1}
                    </Typography>
                    <Typography variant="caption" color="text.secondary" sx={{ flex: 1, minWidth: 0 }} noWrap>
                      {note.author.name}
                    </Typography>
                    {note.resolved ? (
                      <Chip
                        label={t('annotations.resolved')}
                        size="small"
                        color="success"
                        variant="outlined"
                      />
                    ) : null}
                  </Box>
                  <Typography
                    variant="body2"
                    sx={{
                      overflowWrap: 'anywhere',
                      display: '-webkit-box',
                      WebkitLineClamp: 3,
                      WebkitBoxOrient: 'vertical',
                      overflow: 'hidden',
                    }}
                  >
                    {note.text}
                  </Typography>
                  {note.replies.length > 0 ? (
                    <Typography variant="caption" color="text.secondary">
                      {t('annotations.replies', { count: note.replies.length })}
                    </Typography>
                  ) : null}
                </ButtonBase>
              )}
            </Paper>
          );
        })}
      </Box>
      <OrphanNotes notes={orphans} storyId={story._id} viewer={viewer} />
    </Box>
  );
}

interface AnnotateSelectionProps {
  story: Story;
  body: () => HTMLElement | null;
  desktop: boolean;
  onCreated: (id: string) => void;
}

/**
 * 'Anotar' for a passage selected in the text: beside the selection at desktop width, fixed at the
 * bottom at phone width; it opens the note form, which sends the selection's quote and position.
 */
function AnnotateSelection({ story, body, desktop, onCreated }: AnnotateSelectionProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const create = useCreateAnnotation(story._id);
  const [pending, setPending] = useState<{ position: TextPosition; rect: DOMRect | null } | null>(null);
  const [writing, setWriting] = useState<TextPosition | null>(null);

  useEffect(() => {
    let clear: ReturnType<typeof setTimeout> | undefined;
    const onChange = () => {
      const root = body();
      const selection = window.getSelection();
      const range =
        selection && selection.rangeCount > 0 && !selection.isCollapsed ? selection.getRangeAt(0) : null;
      const position = root && range ? rangeToPosition(root, range) : null;
      clearTimeout(clear);
      if (position && range) {
        // Where to put 'Anotar' at desktop width (jsdom, in tests, has no layout for a Range).
        const rect = 'getBoundingClientRect' in range ? range.getBoundingClientRect() : null;
        setPending({ position, rect });
      } else {
        // A tap on 'Anotar' may collapse the selection first: let the tap land.
        clear = setTimeout(() => setPending(null), 300);
      }
    };
    document.addEventListener('selectionchange', onChange);
    // A passage selected while this part of the page was still loading.
    onChange();
    return () => {
      clearTimeout(clear);
      document.removeEventListener('selectionchange', onChange);
    };
  }, [body]);

  const start = () => {
    if (pending) {
      setWriting(pending.position);
      setPending(null);
    }
  };
  const root = body();
  const quote = writing && root ? quoteAt(plainTextOf(root), writing) : null;

  const button = (
    <Button
      variant="contained"
      startIcon={<RateReviewOutlined aria-hidden />}
      // Keep the selection: a mouse press on the button would otherwise clear it.
      onMouseDown={(event) => event.preventDefault()}
      onClick={start}
    >
      {t('annotations.annotate')}
    </Button>
  );

  return (
    <>
      {pending && desktop ? (
        <Portal>
          <Box
            sx={{
              position: 'absolute',
              // Document coordinates, so it stays under the selection while the page scrolls.
              top: (pending.rect?.bottom ?? 0) + window.scrollY + 8,
              left: (pending.rect?.left ?? 0) + window.scrollX,
              zIndex: (th) => th.zIndex.tooltip,
            }}
          >
            {button}
          </Box>
        </Portal>
      ) : null}
      {pending && !desktop ? (
        <Box
          sx={{
            position: 'fixed',
            left: 0,
            right: 0,
            bottom: 80,
            display: 'flex',
            justifyContent: 'center',
            zIndex: (th) => th.zIndex.speedDial + 1,
          }}
        >
          {button}
        </Box>
      ) : null}
      <Dialog
        open={writing !== null}
        onClose={() => setWriting(null)}
        fullWidth
        maxWidth="sm"
        aria-labelledby={`new-note-${story._id}`}
      >
        <DialogTitle id={`new-note-${story._id}`}>{t('annotations.newNote')}</DialogTitle>
        <DialogContent>
          {quote ? (
            <Box
              component="blockquote"
              aria-label={t('annotations.quoteLabel')}
              sx={{
                m: 0,
                mb: 2,
                pl: 1.5,
                borderLeft: 3,
                borderColor: 'warning.main',
                color: 'text.secondary',
              }}
            >
              <Typography variant="body2" sx={{ fontStyle: 'italic', overflowWrap: 'anywhere' }}>
                {quote.exact}
              </Typography>
            </Box>
          ) : null}
          {writing && quote ? (
            <Box sx={{ pt: 1 }}>
              <NoteTextForm
                kind="note"
                label={t('annotations.noteLabel')}
                submitLabel={t('annotations.save')}
                autoFocus
                onCancel={() => setWriting(null)}
                commentBankPicker={commentBankPicker}
                onSubmit={async (text) => {
                  const answer = await create.mutateAsync({ quote, position: writing, text });
                  toast.success(answer.message);
                  setWriting(null);
                  window.getSelection()?.removeAllRanges();
                  onCreated(answer.annotation._id);
                }}
              />
            </Box>
          ) : null}
        </DialogContent>
      </Dialog>
    </>
  );
}
