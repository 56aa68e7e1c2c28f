import { useMemo } from 'react';
import Box from '@mui/material/Box';
import { sanitizeCommentHtml } from '../comment-html';

/** What the comment editor's CSS does to the same markup: paragraphs without margins, quotes marked. */
const bodyStyles = {
  overflowWrap: 'anywhere',
  lineHeight: 1.6,
  '& p, & blockquote': { m: 0, p: 0 },
  '& blockquote': {
    borderLeft: '4px solid',
    borderColor: 'divider',
    my: 0.5,
    pl: 1.5,
    color: 'text.secondary',
  },
} as const;

/** A comment's or reply's text, rendered only after DOMPurify with the comment allowlist. */
export function CommentBody({ html }: { html: string }) {
  const clean = useMemo(() => sanitizeCommentHtml(html), [html]);
  return <Box sx={bodyStyles} dangerouslySetInnerHTML={{ __html: clean }} />;
}
