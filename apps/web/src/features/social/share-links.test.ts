import { describe, expect, it } from 'vitest';
import { shareLink, sharedPage, shareNetworks } from './share-links';

const page = {
  url: 'https://fics.cl/fics/abc-123',
  text: 'Lee «Canción & mar» en Fics',
  imageUrl: 'https://fics.cl/media/covers/portada.png',
};

describe('share links', () => {
  it("builds each network's plain share address with the page's address and title encoded", () => {
    const url = encodeURIComponent(page.url);
    const text = encodeURIComponent(page.text);
    expect(Object.fromEntries(shareNetworks.map((network) => [network, shareLink(network, page)]))).toEqual({
      facebook: `https://www.facebook.com/sharer/sharer.php?u=${url}`,
      twitter: `https://twitter.com/intent/tweet?url=${url}&text=${text}`,
      pinterest: `https://www.pinterest.com/pin/create/button/?url=${url}&media=${encodeURIComponent(page.imageUrl)}&description=${text}`,
      telegram: `https://t.me/share/url?url=${url}&text=${text}`,
      whatsapp: `https://wa.me/?text=${encodeURIComponent(`${page.text} ${page.url}`)}`,
      email: `mailto:?subject=${text}&body=${encodeURIComponent(`${page.text}\n\n${page.url}`)}`,
    });
  });

  it('keeps every link on https (or mailto) and never lets the title break out of its parameter', () => {
    const hostile = { ...page, text: 'a&u=https://evil.example/#x' };
    for (const network of shareNetworks) {
      const link = new URL(shareLink(network, hostile));
      expect(['https:', 'mailto:']).toContain(link.protocol);
      if (network !== 'email') {
        expect(link.searchParams.getAll('u').concat(link.searchParams.getAll('url'))).not.toContain(
          'https://evil.example/#x',
        );
      }
    }
    expect(new URL(shareLink('email', hostile)).search).not.toContain('+');
  });

  it("gives the fic's page and cover as absolute addresses of this site", () => {
    expect(sharedPage({ _id: 'abc', image: { url: '/media/covers/a.png' } }, 'Hola')).toEqual({
      url: `${window.location.origin}/fics/abc`,
      text: 'Hola',
      imageUrl: `${window.location.origin}/media/covers/a.png`,
    });
  });
});
