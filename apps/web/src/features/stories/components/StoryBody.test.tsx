import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { StoryBody } from './StoryBody';
import { xssCorpus, xssFindings } from '../../../../../api/src/lib/xss-corpus';
import { cleanStyle, sanitizeStoryHtml, storyBodyHtml } from './story-html';

/** The body's rendered element, to query what reached the DOM. */
function renderBody(html: string): HTMLElement {
  const { container } = render(<StoryBody html={html} />);
  return container.querySelector('.story-body')!;
}

describe('StoryBody', () => {
  it('keeps what the editor writes: paragraphs, marks, quotes, code blocks, alignment, fonts and colours', () => {
    const body = renderBody(
      '<p class="ql-align-center"><strong>Había</strong> una <em>vez</em> <u>un</u> <s>gato</s>.</p>' +
        '<p><span class="ql-font-serif" style="color: rgb(230, 0, 0); background-color: #ffff00">rojo</span></p>' +
        '<blockquote>Cita</blockquote>' +
        '<div class="ql-code-block-container"><div class="ql-code-block">let x = 1;</div></div>' +
        '<p>Un <code>código</code><br>nueva línea</p>',
    );
    expect(body.querySelector('p.ql-align-center strong')).toHaveTextContent('Había');
    expect(body.querySelector('em')).toHaveTextContent('vez');
    expect(body.querySelector('u')).toHaveTextContent('un');
    expect(body.querySelector('s')).toHaveTextContent('gato');
    const span = body.querySelector('span.ql-font-serif')!;
    expect(span.getAttribute('style')).toBe('color: rgb(230, 0, 0); background-color: #ffff00;');
    expect(body.querySelector('blockquote')).toHaveTextContent('Cita');
    expect(body.querySelector('.ql-code-block-container > .ql-code-block')).toHaveTextContent('let x = 1;');
    expect(body.querySelector('code')).toHaveTextContent('código');
    expect(body.querySelector('br')).not.toBeNull();
  });

  it('drops scripts, event handlers and javascript: links, keeping the harmless text around them', () => {
    const body = renderBody(
      '<p>Antes<script>window.hacked = true</script> después</p>' +
        '<img src="x" onerror="window.hacked = true">' +
        '<p onclick="window.hacked = true" onmouseover="alert(1)">Clic</p>' +
        '<a href="javascript:alert(1)">enlace malo</a>' +
        '<a href="JaVaScRiPt&colon;alert(1)">enlace raro</a>' +
        '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">datos</a>' +
        '<svg><g onload="alert(1)"></g></svg>' +
        '<iframe src="https://example.com"></iframe>' +
        '<style>body { display: none }</style>' +
        '<form action="https://example.com"><input name="clave"></form>',
    );
    expect(body.innerHTML).not.toMatch(
      /script|onerror|onclick|onmouseover|onload|javascript|data:|iframe|style>|<img|<svg|<form|<input/i,
    );
    expect(body).toHaveTextContent('Antes después');
    expect(body).toHaveTextContent('Clic');
    // A link that lost its href is just its text, as the server leaves it.
    expect(body.querySelectorAll('a')).toHaveLength(0);
    expect(body).toHaveTextContent('enlace malo');
    expect((window as { hacked?: boolean }).hacked).toBeUndefined();
  });

  it('opens web links in a new tab without a way back to this page', () => {
    const body = renderBody(
      '<p><a href="https://es.wikipedia.org/wiki/Fic" target="_self" rel="opener">Wikipedia</a> y ' +
        '<a href="mailto:profe@example.cl">correo</a></p>',
    );
    const [web, mail] = Array.from(body.querySelectorAll('a'));
    expect(web).toHaveAttribute('href', 'https://es.wikipedia.org/wiki/Fic');
    expect(web).toHaveAttribute('target', '_blank');
    expect(web).toHaveAttribute('rel', 'noopener noreferrer nofollow');
    expect(mail).toHaveAttribute('href', 'mailto:profe@example.cl');
    expect(mail).toHaveAttribute('target', '_blank');
  });

  it('keeps only Quill classes and the toolbar styles', () => {
    const body = renderBody(
      '<p class="ql-align-right evil ql-indent-8 ql-font-monospace" style="position: fixed; top: 0; text-align: right">a</p>' +
        '<p class="hidden" style="background-image: url(https://example.com/x.png)">b</p>' +
        '<p style="color: expression(alert(1)); font-family: Georgia, &quot;Times New Roman&quot;, serif">c</p>',
    );
    const [a, b, c] = Array.from(body.querySelectorAll('p'));
    expect(a!.className).toBe('ql-align-right ql-font-monospace');
    expect(a).toHaveAttribute('style', 'text-align: right;');
    expect(b).not.toHaveAttribute('class');
    expect(b).not.toHaveAttribute('style');
    expect(c).toHaveAttribute('style', 'font-family: Georgia, "Times New Roman", serif;');
  });

  it('drops attributes outside the allowlist (ids, data-*, aria-*, src)', () => {
    const html = sanitizeStoryHtml(
      '<p id="x" data-x="1" aria-hidden="true" title="t" data-language="js">a</p>' +
        '<div class="ql-code-block" data-language="plain" spellcheck="false">b</div>' +
        '<div class="ql-code-block" data-language="a b">c</div>',
    );
    expect(html).toBe(
      '<p>a</p><div class="ql-code-block" data-language="plain">b</div><div class="ql-code-block">c</div>',
    );
  });

  it("moves the editor's headings one level down under the page's h1, keeping their classes", () => {
    const html = storyBodyHtml(
      '<h1 class="ql-align-center">Uno</h1><h2>Dos</h2><h3>Tres</h3><h4>Cuatro</h4>',
    );
    expect(html).toBe('<h2 class="ql-align-center">Uno</h2><h3>Dos</h3><h4>Tres</h4>Cuatro');
  });
});

describe('cleanStyle', () => {
  it('keeps colours, alignment and font families and nothing else', () => {
    expect(cleanStyle('color: #e60000; text-align: center')).toBe('color: #e60000; text-align: center;');
    expect(cleanStyle('COLOR: red; width: 100px')).toBe('color: red;');
    expect(cleanStyle('text-align: middle')).toBe('');
    expect(cleanStyle('color: red !important')).toBe('');
    expect(cleanStyle('background-color: url(x)')).toBe('');
    expect(cleanStyle('font-family: a\\62 c')).toBe('');
  });
});

describe('sanitizeStoryHtml against the shared XSS corpus', () => {
  // The server's corpus and its independent checker (apps/api/src/lib/xss-corpus.ts): the browser's
  // cleaning alone must also leave nothing that could run, whatever the database holds.
  it.each(xssCorpus.map((payload) => [payload]))('leaves nothing that runs of %s', (payload) => {
    const clean = sanitizeStoryHtml(payload);
    expect(xssFindings(clean)).toEqual([]);
    // Cleaning what is clean changes nothing (no mutation on a second parse).
    expect(sanitizeStoryHtml(clean)).toBe(clean);
  });
});
