import Chip from '@mui/material/Chip';
import { storyStatusLabels, type StoryStatus } from '@fics/contracts';

/**
 * Soft background, dark text: every pair reads at 7:1 or better, and the label, not the colour,
 * carries the meaning.
 */
const tones: Record<StoryStatus, { bgcolor: string; color: string }> = {
  EDITING: { bgcolor: '#eceff1', color: '#37474f' },
  REVIEWING: { bgcolor: '#fff3e0', color: '#7a3e00' },
  EVALUATED: { bgcolor: '#ede7f6', color: '#45288a' },
  PUBLISHED: { bgcolor: '#e3f4e8', color: '#1b5e34' },
};

/** A fic's status as spec 001 §4 labels it ('Borrador', 'Por revisar', ...), in its own colour. */
export function StoryStatusChip({
  status,
  size = 'small',
}: {
  status: StoryStatus;
  size?: 'small' | 'medium';
}) {
  return <Chip label={storyStatusLabels[status]} size={size} sx={{ ...tones[status], fontWeight: 600 }} />;
}
