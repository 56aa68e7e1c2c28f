import Typography, { type TypographyProps } from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { countWords, readingMinutes } from '@fics/contracts';
import { formatCount } from '../../../components/PageControls';
import { htmlTextWithBreaks } from '../../../lib/html-text';

/**
 * A fic's length for readers, 'N palabras · M min de lectura' (docs/decisions/stories.md, Fields):
 * the fic page shows the server's count, the editor the count of what is being written (issue 18.4).
 */
export function StoryLength({ wordCount, ...props }: { wordCount: number } & TypographyProps) {
  const { t } = useTranslation();
  return (
    <Typography variant="body2" color="text.secondary" {...props}>
      {t('stories.words', { count: wordCount, formatted: formatCount(wordCount) })}
      {' · '}
      {t('stories.readingTime', { minutes: formatCount(readingMinutes(wordCount)) })}
    </Typography>
  );
}

/** Elements whose end is a line break in the text the server counts (apps/api/src/lib/rich-text.ts). */
export const BLOCKS = new Set(['P', 'H1', 'H2', 'H3', 'BLOCKQUOTE', 'PRE', 'DIV', 'BR']);

/**
 * The words of the editor's HTML as the server counts them when it is saved: its text with a line
 * break around every block, then the contracts' countWords.
 */
export function storyWordCount(html: string): number {
  return countWords(htmlTextWithBreaks(html, BLOCKS));
}
