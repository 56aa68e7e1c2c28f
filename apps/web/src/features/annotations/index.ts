/**
 * Notes on a fic's passages (issue 20.1–2, docs/decisions/annotations.md): the highlights, margin and
 * sheets beside the fic's text, and the panel beside the editor. Pages load this feature lazily, and
 * only for who may see the notes (story.permissions.canViewAnnotations): the home page and a fic's
 * readers never download it.
 */
export { StoryNotes } from './components/StoryNotes';
export { EditorNotes } from './components/EditorNotes';
