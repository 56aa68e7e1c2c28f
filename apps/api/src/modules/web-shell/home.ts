/**
 * The home page (`/`) as HTML and CSS, painted before the JavaScript runs (issue 9 point 8): the
 * header bar, the gallery's heading and the first page of cards, in the same boxes as the React
 * components that replace them on their first render (app/layout/Header.tsx, AppLayout.tsx,
 * features/home: HomePage, GalleryGrid, GalleryCard — whose top comment is the markup contract),
 * so the swap moves nothing. The page also carries the first page as JSON, which the home reads
 * instead of asking GET /stories again (features/home/initial-gallery.ts).
 *
 * Texts come from the web app's own catalog (its first screen's part, locales/es.ts): the same
 * words, one place.
 */
import { createHash } from 'node:crypto';
import { shellTexts, type GalleryCard, type GalleryResponse } from '@fics/contracts';
import { EARLY_LOGIN_ATTRIBUTE } from '@fics/contracts/shell-texts';
import { escapeHtml, jsonForScript, type PageParts } from './html';

/** The id the home looks for (features/home/initial-gallery.ts INITIAL_GALLERY_ELEMENT_ID). */
export const INITIAL_GALLERY_ELEMENT_ID = 'fics-initial-gallery';

/** How wide a cover is drawn at each width (GalleryCard's coverSizes). */
export const coverSizes = [
  '(min-width: 1200px) 368px',
  '(min-width: 1024px) calc((100vw - 96px) / 3)',
  '(min-width: 768px) calc((100vw - 72px) / 2)',
  '(min-width: 480px) calc((100vw - 64px) / 2)',
  '(min-width: 360px) calc((100vw - 48px) / 2)',
  'calc(100vw - 32px)',
].join(', ');

/** Covers drawn at once: the first row on the widest layout (3 cards); the rest load lazily. */
const EAGER_COVERS = 3;

const FONT = '"Segoe UI",Roboto,"Helvetica Neue",Arial,"Noto Sans","Liberation Sans",sans-serif';

/*
 * The computed styles of the MUI components (theme in app/theme.ts: background #f6f8fa, text
 * #1f2933 / #52606d, primary #32ADD0 with its dark #1B7A96 and text #06303D, radius 10 px,
 * breakpoints 480 / 768 / 1200) for the boxes of the first screen. Class names start with `fx-`,
 * which nothing in the app uses; React's first render removes the markup and these rules with it
 * matter no more.
 */
const css =
  `html{-webkit-font-smoothing:antialiased;-moz-osx-font-smoothing:grayscale;box-sizing:border-box;-webkit-text-size-adjust:100%}
*,*::before,*::after{box-sizing:inherit}
body{margin:0;color:#1f2933;font-family:${FONT};font-weight:400;font-size:1rem;line-height:1.5;letter-spacing:0.00938em;background-color:#f6f8fa}
.fx-app{min-height:100vh;display:flex;flex-direction:column}
.fx-bar{position:sticky;top:0;z-index:1100;display:flex;flex-direction:column;width:100%;flex-shrink:0;background:#fff;color:#1f2933;border-bottom:1px solid rgba(0,0,0,0.12)}
.fx-toolbar{position:relative;display:flex;align-items:center;gap:16px;min-height:60px;padding:0 16px}
.fx-logo{margin:0;font-size:1.6rem;font-weight:800;letter-spacing:-0.02em;color:#1B7A96;text-decoration:none;line-height:1}
.fx-grow{flex-grow:1}
.fx-icon{display:inline-flex;align-items:center;justify-content:center;flex:0 0 auto;padding:8px;margin:0;border:0;border-radius:50%;background:transparent;color:#1f2933;font-size:1.5rem;cursor:default}
.fx-icon svg{width:1em;height:1em;fill:currentColor;flex-shrink:0}
.fx-login{display:inline-flex;align-items:center;justify-content:center;min-width:64px;padding:6px 16px;margin:0;border:0;border-radius:10px;background:#32ADD0;color:#06303D;font-family:${FONT};font-weight:600;font-size:0.875rem;line-height:1.75;cursor:default}
.fx-login[aria-busy=true]{opacity:0.7;cursor:progress}
.fx-main{display:block;width:100%;margin:0 auto;flex-grow:1;padding:24px 16px}
.fx-head{margin-bottom:16px}
.fx-h1{margin:0;font-weight:700;font-size:1.5rem;line-height:1.167;letter-spacing:-0.01562em}
.fx-sub{margin:4px 0 0;color:#52606d}
.fx-filters{height:32px;margin-bottom:16px}
.fx-grid{list-style:none;margin:0;padding:0;display:grid;grid-template-columns:1fr;gap:16px}
.fx-grid>li{min-width:0}
.fx-card{position:relative;height:100%;background:#fff;border:1px solid rgba(0,0,0,0.12);border-radius:10px;overflow:hidden}
.fx-card picture{display:block;flex-shrink:0}
.fx-card img.fx-cover{display:block;max-width:100%;width:100%;height:auto;aspect-ratio:1/1;object-fit:cover;background:#f5f5f5}
.fx-body{padding:12px}
.fx-title{margin:0;font-size:1rem;font-weight:700;line-height:1.3;height:2.6em;overflow:hidden;display:-webkit-box;-webkit-line-clamp:2;-webkit-box-orient:vertical;overflow-wrap:anywhere}
.fx-title a{color:#1f2933;text-decoration:none}
.fx-title a::after{content:"";position:absolute;inset:0;border-radius:10px;z-index:1}
.fx-meta{display:flex;align-items:center;gap:6px;margin-top:8px;height:2.6em;font-size:0.875rem;line-height:1.4}
.fx-avatar{position:relative;display:flex;align-items:center;justify-content:center;flex-shrink:0;width:24px;height:24px;border-radius:50%;overflow:hidden;font-size:11px;line-height:1;background:#1B7A96;color:#fff;user-select:none}
.fx-avatar img{width:100%;height:100%;object-fit:cover}
.fx-avatar svg{width:16px;height:16px;fill:currentColor}
.fx-author{flex:1;min-width:0;line-height:1.3;overflow:hidden;display:-webkit-box;-webkit-line-clamp:2;-webkit-box-orient:vertical;overflow-wrap:anywhere;color:#52606d}
.fx-likes{display:inline-flex;align-items:center;gap:2px;color:#52606d}
.fx-likes svg{width:18px;height:18px;fill:currentColor;flex-shrink:0}
.fx-sr{border:0;clip:rect(0 0 0 0);height:1px;margin:-1px;overflow:hidden;padding:0;position:absolute;white-space:nowrap;width:1px}
.fx-more{display:flex;justify-content:center;margin-top:24px;min-height:36.5px}
.fx-more button{display:inline-flex;align-items:center;justify-content:center;min-width:64px;padding:7px 21px;margin:0;border:1px solid rgba(50,173,208,0.5);border-radius:10px;background:transparent;color:#1B7A96;font-family:${FONT};font-weight:600;font-size:0.9375rem;line-height:1.75;cursor:default}
.fx-empty{min-height:200px}
@media (min-width:360px){.fx-grid{grid-template-columns:repeat(2,minmax(0,1fr))}}
@media (min-width:480px){.fx-main{padding-left:24px;padding-right:24px}}
@media (min-width:768px){.fx-toolbar{min-height:68px;padding:0 32px}.fx-logo{font-size:1.9rem}.fx-main{padding-top:40px;padding-bottom:40px}.fx-head{margin-bottom:24px}.fx-h1{font-size:2rem}.fx-filters{margin-bottom:24px}.fx-grid{gap:24px}.fx-body{padding:16px}.fx-title{font-size:1.125rem}.fx-more{margin-top:32px}}
@media (min-width:1024px){.fx-grid{grid-template-columns:repeat(3,minmax(0,1fr))}}
@media (min-width:1200px){.fx-main{max-width:1200px}}`.replaceAll('\n', '');

const icon = (path: string) =>
  `<svg viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path d="${path}"/></svg>`;
const FILTER_ICON = icon('M10 18h4v-2h-4zM3 6v2h18V6zm3 7h12v-2H6z');
const PERSON_ICON = icon(
  'M12 6c1.1 0 2 .9 2 2s-.9 2-2 2-2-.9-2-2 .9-2 2-2m0 10c2.7 0 5.8 1.29 6 2H6c.23-.72 3.31-2 6-2m0-12C9.79 4 8 5.79 8 8s1.79 4 4 4 4-1.79 4-4-1.79-4-4-4m0 10c-2.67 0-8 1.34-8 4v2h16v-2c0-2.66-5.33-4-8-4',
);
const HEART_ICON = icon(
  'M16.5 3c-1.74 0-3.41.81-4.5 2.09C10.91 3.81 9.24 3 7.5 3 4.42 3 2 5.42 2 8.5c0 3.78 3.4 6.86 8.55 11.54L12 21.35l1.45-1.32C18.6 15.36 22 12.28 22 8.5 22 5.42 19.58 3 16.5 3m-4.4 15.55-.1.1-.1-.1C7.14 14.24 4 11.39 4 8.5 4 6.5 5.5 5 7.5 5c1.54 0 3.04.99 3.57 2.36h1.87C13.46 5.99 14.96 5 16.5 5c2 0 3.5 1.5 3.5 3.5 0 2.89-3.14 5.74-7.9 10.05',
);

/** 'Ana María Rojas' → 'AM' (lib/user-display initials). */
function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word.charAt(0).toLocaleUpperCase('es'))
    .join('');
}

/** Who a card names, as GalleryCard's useCardAuthor decides. */
function cardAuthor(card: GalleryCard): { name: string; photo?: string; person: boolean } {
  const anonymous = shellTexts.anonymous;
  if (card.anonymity) {
    return { name: anonymous, person: false };
  }
  if (card.nickname) {
    return { name: card.nicknameValue ?? anonymous, person: false };
  }
  if (!card.writtenBy) {
    return { name: anonymous, person: false };
  }
  return { name: card.writtenBy.name, photo: card.writtenBy.profilePicture?.url, person: true };
}

/** 'a.webp 320w, b.webp 640w' (components/StoryCover coverSrcSet). */
function srcSet(card: GalleryCard): string {
  return [...card.image.variants]
    .sort((a, b) => a.width - b.width)
    .map((variant) => `${variant.url} ${variant.width}w`)
    .join(', ');
}

function cardHtml(card: GalleryCard, index: number): string {
  const author = cardAuthor(card);
  const set = srcSet(card);
  const eager = index < EAGER_COVERS;
  const avatar = author.photo
    ? `<img src="${escapeHtml(author.photo)}" alt="" width="24" height="24">`
    : author.person
      ? escapeHtml(initials(author.name))
      : PERSON_ICON;
  return (
    `<li><article class="fx-card"><picture>` +
    (set ? `<source type="image/webp" srcset="${escapeHtml(set)}" sizes="${coverSizes}">` : '') +
    `<img class="fx-cover" src="${escapeHtml(card.image.url)}" alt="${escapeHtml(card.title)}"` +
    ` width="${card.image.width}" height="${card.image.height}" loading="${eager ? 'eager' : 'lazy'}"` +
    ` decoding="async"${index === 0 ? ' fetchpriority="high"' : ''}></picture>` +
    `<div class="fx-body"><h2 class="fx-title"><a href="/fics/${encodeURIComponent(card._id)}">` +
    `${escapeHtml(card.title)}</a></h2><div class="fx-meta"><div class="fx-avatar">${avatar}</div>` +
    `<span class="fx-author">${escapeHtml(author.name)}</span>` +
    `<span class="fx-likes">${HEART_ICON}${card.likesCount}` +
    `<span class="fx-sr"> ${escapeHtml(shellTexts.gallery.likes)}</span></span></div></div></article></li>`
  );
}

/** The preload of the first cover, matching what its `<picture>` asks for. */
function firstCoverPreload(card: GalleryCard | undefined): string {
  if (!card) {
    return '';
  }
  const set = srcSet(card);
  return set
    ? `<link rel="preload" as="image" type="image/webp" imagesrcset="${escapeHtml(set)}" imagesizes="${coverSizes}" fetchpriority="high">`
    : `<link rel="preload" as="image" href="${escapeHtml(card.image.url)}" fetchpriority="high">`;
}

/**
 * Makes the painted 'Ingresar' work the moment it is parsed (issue 23 point 2). The page's entry
 * script (apps/web/src/boot.ts) runs only once the whole page is parsed and its own file has arrived:
 * on a phone (4x slower CPU, 150 ms round trip) that was half a second to a second after the button
 * was drawn, and a tap meanwhile was lost. This inline script, right after the header, notes a tap
 * on `<html>` (EARLY_LOGIN_ATTRIBUTE of contracts' shell-texts, which boot.ts and the app's
 * LoginDialogProvider read) and shows it as busy; boot.ts then starts the app and the login's code at once. The press counts, not only
 * the click: React replaces the painted page in one commit, and a tap pressed on the painted button
 * and released on React's is no click on either (a browser test lost one so, on a loaded machine).
 * Keys still click; a right or middle press does nothing. Plain ES5, no braces of the page's data:
 * the same text on every page, so the Content-Security-Policy allows it by its hash
 * (INLINE_SCRIPT_HASHES, app.ts) and still no other inline script.
 */
export const PAINTED_LOGIN_SCRIPT =
  "(function(){var b=document.querySelector('#root .fx-login');if(!b)return;" +
  "b.onpointerdown=b.onclick=function(e){if(e.button>0)return;document.documentElement.setAttribute('" +
  EARLY_LOGIN_ATTRIBUTE +
  "','');b.setAttribute('aria-busy','true')};" +
  'b.disabled=false})()';

/** CSP sources for the inline scripts this module paints (app.ts adds them to script-src). */
export const INLINE_SCRIPT_HASHES: readonly string[] = [
  `'sha256-${createHash('sha256').update(PAINTED_LOGIN_SCRIPT).digest('base64')}'`,
];

/**
 * The shell's header bar as a visitor first sees it on `/`: logo, filter toggle, 'Ingresar'. The
 * painted buttons are disabled (drawn the same): they do nothing until React's own replace them, and
 * a click then waits for those rather than being lost. 'Ingresar' is the exception: the inline
 * script that follows the header (PAINTED_LOGIN_SCRIPT) enables it as soon as it is parsed, and a
 * tap opens the login once the app runs. Links (the logo, the cards) work as links.
 */
function headerHtml(): string {
  return (
    `<header class="fx-bar"><div class="fx-toolbar"><a class="fx-logo" href="/">${escapeHtml(shellTexts.appName)}</a>` +
    `<div class="fx-grow"></div><button type="button" class="fx-icon" disabled aria-label="${escapeHtml(shellTexts.gallery.toggle)}"` +
    ` aria-expanded="false">${FILTER_ICON}</button>` +
    `<button type="button" class="fx-login" disabled>${escapeHtml(shellTexts.login)}</button></div></header>` +
    `<script>${PAINTED_LOGIN_SCRIPT}</script>`
  );
}

export interface HomeShell {
  /** The filters the page was read for, as a query string ('' without filters). */
  query: string;
  /** Whether any filter is set (the chips' row then sits above the grid). */
  filtered: boolean;
  page: GalleryResponse;
}

/** What the home adds to the template: critical CSS and preload, the painted page, the data. */
export function homePageParts({ query, filtered, page }: HomeShell): PageParts {
  const cards = page.stories.docs;
  const grid =
    cards.length > 0
      ? `<ul class="fx-grid" aria-label="${escapeHtml(shellTexts.gallery.listLabel)}">${cards.map(cardHtml).join('')}</ul>` +
        `<div class="fx-more">${
          page.stories.hasNextPage
            ? `<button type="button" disabled>${escapeHtml(shellTexts.loadMore)}</button>`
            : ''
        }</div>`
      : '<div class="fx-empty"></div>';
  const root =
    `<div class="fx-app">${headerHtml()}<main class="fx-main"><div class="fx-head">` +
    `<h1 class="fx-h1">${escapeHtml(shellTexts.gallery.title)}</h1>` +
    `<p class="fx-sub">${escapeHtml(shellTexts.gallery.subtitle)}</p></div>` +
    (filtered ? '<div class="fx-filters"></div>' : '') +
    `${grid}</main></div>`;
  return {
    head: `<style>${css}</style>${firstCoverPreload(cards[0])}`,
    root,
    bodyEnd: `<script type="application/json" id="${INITIAL_GALLERY_ELEMENT_ID}">${jsonForScript({
      query,
      stories: page.stories,
    })}</script>`,
  };
}
