/*
 * A gallery card and its skeleton (spec 000 §2 Home: image, title, author, likes; a click opens
 * /fics/:id). The markup and sizes are a contract with the HTML the server may paint before the
 * JavaScript runs (issue 9 point 8): keep them in step, or the page jumps when React takes over.
 *
 *   <ul class="grid">                                  see GalleryGrid.tsx for columns and gaps
 *     <li>
 *       <article>                                      position:relative; height:100%; background:#fff;
 *                                                      border:1px solid rgba(0,0,0,.12); border-radius:10px;
 *                                                      overflow:hidden
 *         <picture>                                    display:block
 *           <source type="image/webp" srcset="…320w, …640w, …" sizes="{coverSizes}">
 *           <img src="{image.url}" alt="{title}" width="{image.width}" height="{image.height}"
 *                loading="eager|lazy" decoding="async" [fetchpriority="high" on the first card]
 *                style: display:block; width:100%; height:auto; aspect-ratio:1/1; object-fit:cover;
 *                       background:#f5f5f5
 *         </picture>
 *         <div>                                        padding:12px (16px from 768px)
 *           <h2>                                       margin:0; font-size:1rem (1.125rem from 768px);
 *                                                      font-weight:700; line-height:1.3; height:2.6em;
 *                                                      two lines at most (-webkit-line-clamp:2)
 *             <a href="/fics/{_id}">{title}</a>        its ::after covers the whole card (the click area)
 *           </h2>
 *           <div>                                      display:flex; align-items:center; gap:6px;
 *                                                      margin-top:8px; font-size:.875rem; height:2.6em
 *                                                      (room for two lines of the author)
 *             <div avatar>24×24 circle</div>           photo (alt ""), initials, or a person icon
 *             <span>{author}</span>                    flex:1; line-height:1.3; two lines at most
 *                                                      (-webkit-line-clamp:2); color #52606d
 *             <span>♡ {likesCount}<span visually-hidden> me gusta</span></span>   gap:2px
 *           </div>
 *         </div>
 *       </article>
 *     </li>
 *
 * The first row's covers load eagerly (the first one with fetchpriority high: it is the largest
 * paint on a phone), the rest lazily. The skeleton card has the same boxes, so swapping one for the
 * other moves nothing.
 */
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import FavoriteBorder from '#icons/FavoriteBorder';
import PersonOutlined from '#icons/PersonOutlined';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { GalleryCard as GalleryCardData } from '@fics/contracts';
import { StoryCover } from '../../../components/StoryCover';
import { visuallyHidden } from '../../../components/visually-hidden';
import { initials } from '../../../lib/user-display';

/** How wide a cover is drawn at each width (GalleryGrid's columns, gaps and the page's padding). */
export const coverSizes = [
  '(min-width: 1200px) 368px',
  '(min-width: 1024px) calc((100vw - 96px) / 3)',
  '(min-width: 768px) calc((100vw - 72px) / 2)',
  '(min-width: 480px) calc((100vw - 64px) / 2)',
  '(min-width: 360px) calc((100vw - 48px) / 2)',
  'calc(100vw - 32px)',
].join(', ');

const AVATAR = 24;

const cardSx = {
  position: 'relative',
  height: '100%',
  bgcolor: 'background.paper',
  border: 1,
  borderColor: 'divider',
  borderRadius: '10px',
  overflow: 'hidden',
  transition: 'box-shadow 150ms',
} as const;

const bodySx = { p: { xs: '12px', md: '16px' } } as const;

const titleSx = {
  m: 0,
  fontSize: { xs: '1rem', md: '1.125rem' },
  fontWeight: 700,
  lineHeight: 1.3,
  height: '2.6em',
  overflow: 'hidden',
  display: '-webkit-box',
  WebkitLineClamp: 2,
  WebkitBoxOrient: 'vertical',
  overflowWrap: 'anywhere',
} as const;

/**
 * The author's line: room for two lines of the name at every width, so a long name on a phone's
 * narrow card (about 80 px beside the avatar and the likes at 390 px) wraps instead of ending in
 * '…', and every card, skeleton and server-painted card keeps one height (no shift when they swap).
 * Narrow gaps leave the name a word as long as 'Estudiante' per line.
 */
const metaSx = {
  display: 'flex',
  alignItems: 'center',
  gap: '6px',
  mt: '8px',
  height: '2.6em',
  fontSize: '0.875rem',
  lineHeight: 1.4,
} as const;

const authorSx = {
  flex: 1,
  minWidth: 0,
  lineHeight: 1.3,
  overflow: 'hidden',
  display: '-webkit-box',
  WebkitLineClamp: 2,
  WebkitBoxOrient: 'vertical',
  overflowWrap: 'anywhere',
  color: 'text.secondary',
} as const;

const coverSx = { width: '100%', height: 'auto', aspectRatio: '1 / 1', bgcolor: '#f5f5f5' } as const;

/** Who the card names: 'Anónimo', the pseudonym, or the author (to a visitor, 'Sofía E.'). */
export function useCardAuthor(card: GalleryCardData): { name: string; photo?: string; person: boolean } {
  const { t } = useTranslation();
  if (card.anonymity) {
    return { name: t('gallery.anonymous'), person: false };
  }
  if (card.nickname) {
    return { name: card.nicknameValue ?? t('gallery.anonymous'), person: false };
  }
  if (!card.writtenBy) {
    return { name: t('gallery.anonymous'), person: false };
  }
  return { name: card.writtenBy.name, photo: card.writtenBy.profilePicture?.url, person: true };
}

interface GalleryCardProps {
  card: GalleryCardData;
  /** The card's place in the grid: the first row's covers load at once. */
  index: number;
  /** Called with the card's link once mounted (focus moves to the first card of a new page). */
  linkRef?: (element: HTMLAnchorElement | null) => void;
}

export function GalleryCard({ card, index, linkRef }: GalleryCardProps) {
  const { t } = useTranslation();
  const author = useCardAuthor(card);
  return (
    <Box
      component="article"
      sx={{
        ...cardSx,
        '&:hover': { boxShadow: 3 },
        '&:hover h2 a': { textDecoration: 'underline' },
      }}
    >
      <StoryCover
        image={card.image}
        alt={card.title}
        sizes={coverSizes}
        loading={index < 3 ? 'eager' : 'lazy'}
        fetchPriority={index === 0 ? 'high' : undefined}
        sx={coverSx}
      />
      <Box sx={bodySx}>
        <Box component="h2" sx={titleSx}>
          <Box
            component={RouterLink}
            to={`/fics/${card._id}`}
            ref={linkRef}
            sx={{
              color: 'text.primary',
              textDecoration: 'none',
              outline: 'none',
              // The whole card is the link's click area; the focus ring goes round the card.
              '&::after': { content: '""', position: 'absolute', inset: 0, borderRadius: '10px', zIndex: 1 },
              '&:focus-visible::after': {
                outline: '3px solid',
                outlineColor: 'primary.dark',
                outlineOffset: '-3px',
              },
            }}
          >
            {card.title}
          </Box>
        </Box>
        <Box sx={metaSx}>
          <Avatar
            src={author.photo}
            alt=""
            sx={{ width: AVATAR, height: AVATAR, fontSize: 11, bgcolor: 'primary.dark', color: '#fff' }}
          >
            {author.person ? initials(author.name) : <PersonOutlined sx={{ fontSize: 16 }} />}
          </Avatar>
          <Box component="span" sx={authorSx}>
            {author.name}
          </Box>
          <Box
            component="span"
            sx={{ display: 'inline-flex', alignItems: 'center', gap: '2px', color: 'text.secondary' }}
          >
            <FavoriteBorder aria-hidden sx={{ fontSize: 18 }} />
            {card.likesCount}
            <Box component="span" sx={visuallyHidden}>
              {` ${t('gallery.likes')}`}
            </Box>
          </Box>
        </Box>
      </Box>
    </Box>
  );
}

/** A card's place while its page loads: the same boxes, in grey. */
export function GalleryCardSkeleton() {
  return (
    <Box sx={cardSx} aria-hidden>
      <Skeleton
        variant="rectangular"
        animation="wave"
        sx={{ ...coverSx, height: 'auto', transform: 'none' }}
      />
      <Box sx={bodySx}>
        <Box sx={{ ...titleSx, display: 'block' }}>
          <Skeleton animation="wave" width="85%" />
          <Skeleton animation="wave" width="55%" />
        </Box>
        <Box sx={metaSx}>
          <Skeleton variant="circular" animation="wave" width={AVATAR} height={AVATAR} />
          <Skeleton animation="wave" sx={{ flex: 1 }} />
          <Skeleton animation="wave" width={32} />
        </Box>
      </Box>
    </Box>
  );
}
