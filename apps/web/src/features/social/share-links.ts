/** The share dialog's networks (spec 001 §2 Story detail), in the order it shows them. */
export const shareNetworks = ['facebook', 'twitter', 'pinterest', 'telegram', 'whatsapp', 'email'] as const;
export type ShareNetwork = (typeof shareNetworks)[number];

export interface SharedPage {
  /** The fic's absolute address. */
  url: string;
  /** The line that goes with it ('Lee «El faro» en Fics'). */
  text: string;
  /** The cover's absolute address (Pinterest pins an image). */
  imageUrl: string;
}

const query = (params: Record<string, string>) =>
  Object.entries(params)
    .map(([key, value]) => `${key}=${encodeURIComponent(value)}`)
    .join('&');

/**
 * Each network's own share address, plain links: no script of theirs runs on our page, and nothing
 * is sent to them until the reader chooses one. Email is a mailto: link (subject and body, encoded
 * with %20 for spaces, as mail programs expect).
 */
export function shareLink(network: ShareNetwork, page: SharedPage): string {
  switch (network) {
    case 'facebook':
      return `https://www.facebook.com/sharer/sharer.php?${query({ u: page.url })}`;
    case 'twitter':
      return `https://twitter.com/intent/tweet?${query({ url: page.url, text: page.text })}`;
    case 'pinterest':
      return `https://www.pinterest.com/pin/create/button/?${query({
        url: page.url,
        media: page.imageUrl,
        description: page.text,
      })}`;
    case 'telegram':
      return `https://t.me/share/url?${query({ url: page.url, text: page.text })}`;
    case 'whatsapp':
      return `https://wa.me/?${query({ text: `${page.text} ${page.url}` })}`;
    case 'email':
      return `mailto:?${query({ subject: page.text, body: `${page.text}\n\n${page.url}` })}`;
  }
}

/** The fic's page and cover as absolute addresses of this site. */
export function sharedPage(story: { _id: string; image: { url: string } }, text: string): SharedPage {
  const origin = window.location.origin;
  return {
    url: new URL(`/fics/${story._id}`, origin).href,
    text,
    imageUrl: new URL(story.image.url, origin).href,
  };
}
