/**
 * The preview of a shared fic (issue 9 point 5): Open Graph and Twitter tags written into the HTML
 * of `/fics/:id`, for a published fic only (anything else gets the plain page: no title of an
 * unpublished fic leaks). What they say is what a visitor without a session reads on the fic's
 * page (architecture.md §6.8): the author of an anonymous fic is never named, a pseudonymous one
 * only by its pseudonym, and a student by first name and initial ('Sofía E.'), as GET /stories/:id
 * answers a visitor.
 */
import type { Story } from '@fics/contracts';
import { escapeHtml, type PageParts } from './html';

const SITE_NAME = 'Fics';

/** '«El faro», una fic de Sofía E. en Fics' / '… una fic anónima en Fics'. */
export function storyDescription(story: Story): string {
  const by = story.anonymity
    ? 'una fic anónima'
    : story.nickname && story.nicknameValue
      ? `una fic de ${story.nicknameValue}`
      : story.writtenBy
        ? `una fic de ${story.writtenBy.name}`
        : 'una fic anónima';
  return `«${story.title}», ${by} en ${SITE_NAME}`;
}

/** The page's title, description and tags for a fic as a visitor sees it (`story` read with no actor). */
export function storyPageParts(story: Story, publicUrl: string): PageParts {
  const url = `${publicUrl}/fics/${encodeURIComponent(story._id)}`;
  const description = storyDescription(story);
  // The PNG original (at most 1080 px a side, spec 001 §5): every preview service reads PNG.
  const image = story.image;
  const meta = (property: string, content: string | number) =>
    `<meta property="${property}" content="${escapeHtml(String(content))}" />`;
  const named = (name: string, content: string) => `<meta name="${name}" content="${escapeHtml(content)}" />`;
  const head = [
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    meta('og:type', 'article'),
    meta('og:site_name', SITE_NAME),
    meta('og:locale', 'es_CL'),
    meta('og:title', story.title),
    meta('og:description', description),
    meta('og:url', url),
    meta('og:image', `${publicUrl}${image.url}`),
    meta('og:image:width', image.width),
    meta('og:image:height', image.height),
    meta('og:image:alt', story.title),
    named('twitter:card', 'summary_large_image'),
    named('twitter:title', story.title),
    named('twitter:description', description),
    named('twitter:image', `${publicUrl}${image.url}`),
  ].join('');
  return { title: `${story.title} | ${SITE_NAME}`, description, head };
}
