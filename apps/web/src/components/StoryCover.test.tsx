import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import type { StoryImage } from '@fics/contracts';
import { StoryCover } from './StoryCover';

const image: StoryImage = {
  url: '/media/covers/abc.png',
  width: 1080,
  height: 1080,
  variants: [
    { url: '/media/covers/abc-1080.webp', width: 1080, height: 1080 },
    { url: '/media/covers/abc-320.webp', width: 320, height: 320 },
    { url: '/media/covers/abc-640.webp', width: 640, height: 640 },
  ],
};

describe('StoryCover', () => {
  it('offers the WebP variants by width with the given sizes, and the PNG original as the fallback', () => {
    const { container } = render(
      <StoryCover image={image} alt="El gato con botas" sizes="(min-width: 768px) 280px, 100vw" />,
    );
    const source = container.querySelector('picture > source')!;
    expect(source).toHaveAttribute('type', 'image/webp');
    expect(source).toHaveAttribute(
      'srcset',
      '/media/covers/abc-320.webp 320w, /media/covers/abc-640.webp 640w, /media/covers/abc-1080.webp 1080w',
    );
    expect(source).toHaveAttribute('sizes', '(min-width: 768px) 280px, 100vw');

    const img = screen.getByRole('img', { name: 'El gato con botas' });
    expect(img.parentElement?.tagName).toBe('PICTURE');
    expect(img).toHaveAttribute('src', '/media/covers/abc.png');
    expect(img).toHaveAttribute('width', '1080');
    expect(img).toHaveAttribute('height', '1080');
    // Below the fold by default.
    expect(img).toHaveAttribute('loading', 'lazy');
    expect(img).toHaveAttribute('decoding', 'async');
  });

  it('loads at once, first, when it is the top of the page', () => {
    render(
      <StoryCover
        image={image}
        alt="Portada"
        sizes="280px"
        loading="eager"
        decoding="auto"
        fetchPriority="high"
      />,
    );
    const img = screen.getByRole('img', { name: 'Portada' });
    expect(img).toHaveAttribute('loading', 'eager');
    expect(img).toHaveAttribute('decoding', 'auto');
    expect(img).toHaveAttribute('fetchpriority', 'high');
  });

  it('shows the original alone when the cover has no variants', () => {
    const { container } = render(
      <StoryCover image={{ ...image, width: 200, height: 200, variants: [] }} alt="Pequeña" sizes="200px" />,
    );
    expect(container.querySelector('source')).toBeNull();
    expect(screen.getByRole('img', { name: 'Pequeña' })).toHaveAttribute('src', '/media/covers/abc.png');
  });
});
