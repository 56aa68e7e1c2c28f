import { useMemo } from 'react';
import Box from '@mui/material/Box';
import { storyBodyHtml } from './story-html';

const codeBlock = {
  bgcolor: '#23241f',
  color: '#f8f8f2',
  borderRadius: 1,
  px: 1.5,
  py: 1,
  my: 1,
  fontFamily: 'Monaco, "Courier New", monospace',
  fontSize: '0.9em',
  whiteSpace: 'pre-wrap',
  overflowX: 'auto',
} as const;

/**
 * What the editor's stylesheet does to the same markup (Quill's core and snow themes), so a fic reads
 * as it was written without loading Quill: paragraphs without margins (blank lines are empty
 * paragraphs), alignment and font classes, quotes, code. Headings are one level down (see
 * storyBodyHtml).
 */
const bodyStyles = {
  fontSize: { xs: '1rem', md: '1.0625rem' },
  lineHeight: 1.7,
  overflowWrap: 'anywhere',
  '& p, & h2, & h3, & h4, & blockquote, & pre': { m: 0, p: 0 },
  // The editor's three sizes, a step smaller than its own 2em, so none outgrows the page's title.
  '& h2': { fontSize: '1.5em', lineHeight: 1.3, fontWeight: 700 },
  '& h3': { fontSize: '1.3em', lineHeight: 1.35, fontWeight: 700 },
  '& h4': { fontSize: '1.15em', lineHeight: 1.4, fontWeight: 700 },
  '& .ql-align-center': { textAlign: 'center' },
  '& .ql-align-right': { textAlign: 'right' },
  '& .ql-align-justify': { textAlign: 'justify' },
  '& .ql-font-serif': { fontFamily: 'Georgia, "Times New Roman", serif' },
  '& .ql-font-monospace': { fontFamily: 'Monaco, "Courier New", monospace' },
  '& blockquote': {
    borderLeft: '4px solid',
    borderColor: 'divider',
    my: 0.75,
    pl: 2,
    color: 'text.secondary',
  },
  '& code': { bgcolor: 'grey.100', borderRadius: 0.5, fontSize: '85%', px: 0.5, py: 0.25 },
  '& pre, & .ql-code-block-container': codeBlock,
  '& pre code, & .ql-code-block-container code': { bgcolor: 'transparent', p: 0, fontSize: 'inherit' },
  '& a': { color: 'primary.dark', textDecoration: 'underline' },
} as const;

interface StoryBodyProps {
  /** The fic's HTML as the API sends it. */
  html: string;
}

/**
 * A fic's text. Rendered only after DOMPurify with the server's allowlist (story-html.ts): no
 * scripts, event handlers or javascript: links, whatever the database holds; links open in a new tab.
 */
export function StoryBody({ html }: StoryBodyProps) {
  const clean = useMemo(() => storyBodyHtml(html), [html]);
  return <Box className="story-body" sx={bodyStyles} dangerouslySetInnerHTML={{ __html: clean }} />;
}
