import sanitizeHtml from 'sanitize-html';
import { describe, expect, it } from 'vitest';
import { commentHtmlTags } from '@fics/contracts';
import { cleanCommentHtml, hasVisibleText } from './rich-text';
import { xssCorpus, xssFindings } from './xss-corpus';

/** Every tag of the HTML with its attributes, as a browser-like parser reads it. */
function tagsOf(html: string): { tag: string; attribs: Record<string, string> }[] {
  const found: { tag: string; attribs: Record<string, string> }[] = [];
  sanitizeHtml(html, {
    allowedTags: false,
    allowedAttributes: false,
    allowVulnerableTags: true,
    nonTextTags: [],
    onOpenTag: (tag, attribs) => found.push({ tag, attribs }),
  });
  return found;
}

/** What a cleaned comment may hold: the toolbar's tags, no attribute at all. */
function outsideToolbar(html: string): string[] {
  return tagsOf(html).flatMap(({ tag, attribs }) => [
    ...(commentHtmlTags.includes(tag) ? [] : [`tag <${tag}>`]),
    ...Object.keys(attribs).map((name) => `attribute ${name} on <${tag}>`),
  ]);
}

describe('cleanCommentHtml against XSS', () => {
  it.each(xssCorpus.map((payload) => [payload.length > 80 ? `${payload.slice(0, 80)}…` : payload, payload]))(
    '%s',
    (_name, payload) => {
      const cleaned = cleanCommentHtml(payload);
      expect(xssFindings(cleaned.html)).toEqual([]);
      expect(outsideToolbar(cleaned.html)).toEqual([]);
      // Cleaning its own output changes nothing: what is stored reads the same when parsed again.
      expect(cleanCommentHtml(cleaned.html).html).toBe(cleaned.html);
      const wrapped = cleanCommentHtml(`<p>antes</p>${payload}<p>después</p>`);
      expect(xssFindings(wrapped.html)).toEqual([]);
      expect(outsideToolbar(wrapped.html)).toEqual([]);
      expect(wrapped.plainText.startsWith('antes')).toBe(true);
    },
  );

  it('drops scripts and handlers and keeps escaped markup as text', () => {
    expect(cleanCommentHtml('<p>hola<script>alert(1)</script></p>').html).toBe('<p>hola</p>');
    expect(cleanCommentHtml('<p onclick="alert(1)" id="x">hola<img src=x onerror=alert(1)></p>').html).toBe(
      '<p>hola</p>',
    );
    expect(cleanCommentHtml('<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>').html).toBe(
      '<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>',
    );
  });

  it('caps nesting', () => {
    const cleaned = cleanCommentHtml(`${'<em>'.repeat(3000)}profundo`);
    expect(cleaned.html.match(/<em>/g)!.length).toBeLessThanOrEqual(32);
    expect(cleaned.plainText).toBe('profundo');
  });
});

describe('cleanCommentHtml with what the comment editor writes', () => {
  it('keeps bold, italic, underline, strike, quote, paragraphs and line breaks, with spaces that wrap', () => {
    const quill =
      '<p>Me&nbsp;<strong>encantó</strong>&nbsp;<em>tu</em>&nbsp;<u>fic</u>,&nbsp;<s>nada</s>&nbsp;<b>b</b>&nbsp;<i>i</i></p>' +
      '<blockquote>Nadie&nbsp;nada&nbsp;solo.</blockquote><p><br></p><p>Fin<br>de&nbsp;verdad</p>';
    const cleaned = cleanCommentHtml(quill);
    expect(cleaned.html).toBe(
      '<p>Me <strong>encantó</strong> <em>tu</em> <u>fic</u>, <s>nada</s> <b>b</b> <i>i</i></p>' +
        '<blockquote>Nadie nada solo.</blockquote><p><br /></p><p>Fin<br />de verdad</p>',
    );
    expect(cleaned.plainText).toBe('Me encantó tu fic, nada b i\nNadie nada solo.\nFin\nde verdad');
  });

  it('turns every other format into its text: links, colours, fonts, alignment, code, headers, lists', () => {
    const cleaned = cleanCommentHtml(
      '<h1 class="ql-align-center">Título</h1>' +
        '<p class="ql-align-right"><a href="https://ejemplo.cl" target="_blank">enlace</a> <span style="color: red" class="ql-font-serif">rojo</span> <code>x</code> a<sub>2</sub></p>' +
        '<blockquote class="ql-align-center" style="color: blue">cita</blockquote>' +
        '<pre>uno&nbsp;&nbsp;dos</pre><ul><li>a</li><li>b</li></ul>',
    );
    expect(cleaned.html).toBe(
      '<p>Título</p><p>enlace rojo x a2</p><blockquote>cita</blockquote><p>uno \u00a0dos</p><p>a</p><p>b</p>',
    );
    expect(outsideToolbar(cleaned.html)).toEqual([]);
  });

  it('never nests a block in a paragraph (a browser would read it otherwise): it becomes a line break', () => {
    expect(cleanCommentHtml('<div><div>a</div><div>b<strong>c</strong></div></div>').html).toBe(
      '<p>a<br />b<strong>c</strong></p>',
    );
    expect(cleanCommentHtml('<li><p>x</p><p>y</p></li>').html).toBe('<p>x<br />y</p>');
    expect(cleanCommentHtml('<h1><div>t</div></h1><p>z</p>').html).toBe('<p>t</p><p>z</p>');
    // A quote may hold paragraphs.
    expect(cleanCommentHtml('<blockquote><p>x</p><p>y</p></blockquote>').html).toBe(
      '<blockquote><p>x</p><p>y</p></blockquote>',
    );
  });

  it('finds no visible text in what cleans to nothing', () => {
    for (const empty of [
      '',
      '   ',
      '<p><br></p>',
      '<p><br></p><p><br></p>',
      '<p>&nbsp;&nbsp;</p>',
      '<p>\u200b\ufeff</p>',
      '<script>alert(1)</script>',
      '<img src=x onerror=alert(1)>',
      '<blockquote> </blockquote><p><strong> </strong></p>',
    ]) {
      const cleaned = cleanCommentHtml(empty);
      expect(hasVisibleText(cleaned), empty).toBe(false);
      expect(cleaned.plainText, empty).toBe('');
    }
    expect(hasVisibleText(cleanCommentHtml('<p>🐧</p>'))).toBe(true);
    expect(hasVisibleText(cleanCommentHtml('ok'))).toBe(true);
  });
});
