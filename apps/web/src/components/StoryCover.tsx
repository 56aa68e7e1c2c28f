import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import type { StoryImage } from '@fics/contracts';

/** A plain style object (no array or theme function), merged over the cover's own. */
type CoverStyle = Exclude<SxProps<Theme>, readonly unknown[] | ((theme: Theme) => unknown)>;

interface StoryCoverProps {
  image: StoryImage;
  /** The fic's title: the cover is its picture. */
  alt: string;
  /**
   * How wide the cover is drawn, for the browser to pick a variant: '280px' or
   * '(min-width: 768px) 280px, calc(100vw - 32px)'.
   */
  sizes: string;
  /** 'lazy' for covers below the fold (lists, galleries); 'eager' for the one at the top of a page. */
  loading?: 'lazy' | 'eager';
  decoding?: 'async' | 'sync' | 'auto';
  /** 'high' for the page's main picture (its largest paint). */
  fetchPriority?: 'high' | 'low' | 'auto';
  /** Styles of the <img> (size, radius, object-fit). */
  sx?: CoverStyle;
}

/** 'a.webp 320w, b.webp 640w': the WebP variants, narrowest first. */
export function coverSrcSet(image: StoryImage): string {
  return [...image.variants]
    .sort((a, b) => a.width - b.width)
    .map((variant) => `${variant.url} ${variant.width}w`)
    .join(', ');
}

/**
 * A fic's cover (spec 001 §3 image.url), at the size it is drawn: the WebP variants made at upload
 * through `srcset` and `sizes`, and the PNG original as the fallback for a browser that takes no
 * WebP. `width` and `height` reserve its box before it loads, so nothing jumps.
 */
export function StoryCover({
  image,
  alt,
  sizes,
  loading = 'lazy',
  decoding = 'async',
  fetchPriority,
  sx,
}: StoryCoverProps) {
  const srcSet = coverSrcSet(image);
  return (
    // A block of the image's own size: in a flex row it is one item (the <source> is not).
    <Box component="picture" sx={{ display: 'block', flexShrink: 0 }}>
      {srcSet ? <source type="image/webp" srcSet={srcSet} sizes={sizes} /> : null}
      <Box
        component="img"
        src={image.url}
        alt={alt}
        width={image.width}
        height={image.height}
        loading={loading}
        decoding={decoding}
        fetchPriority={fetchPriority}
        sx={{
          display: 'block',
          maxWidth: '100%',
          height: 'auto',
          objectFit: 'cover',
          bgcolor: 'grey.100',
          ...sx,
        }}
      />
    </Box>
  );
}
