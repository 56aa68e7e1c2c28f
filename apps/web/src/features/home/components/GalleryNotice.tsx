import Typography from '@mui/material/Typography';
import SearchOffOutlined from '#icons/SearchOffOutlined';
import { galleryMessages } from '@fics/contracts';
import { EmptyState } from '../../../components/EmptyState';

/**
 * The gallery's end texts, worded by the spec (000 §2 Home) and kept in @fics/contracts. Loaded on
 * demand (lazy.ts): the contracts bring zod, which the home's first load does without.
 */
export function GalleryNotice({ kind }: { kind: 'empty' | 'noMore' }) {
  if (kind === 'empty') {
    return <EmptyState icon={<SearchOffOutlined fontSize="inherit" />} message={galleryMessages.empty} />;
  }
  return (
    <Typography role="status" color="text.secondary" sx={{ textAlign: 'center', lineHeight: '36.5px' }}>
      {galleryMessages.noMore}
    </Typography>
  );
}
