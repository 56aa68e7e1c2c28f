import { describe, expect, it } from 'vitest';
import { cleanStoryHtml, hasVisibleText } from './rich-text';
import { xssCorpus, xssFindings } from './xss-corpus';

describe('cleanStoryHtml against XSS', () => {
  it('has a corpus worth the name', () => {
    expect(xssCorpus.length).toBeGreaterThanOrEqual(60);
  });

  it('has a checker that sees what it looks for (otherwise an empty list proves nothing)', () => {
    for (const dirty of [
      '<script>alert(1)</script>',
      '<p onclick="alert(1)">x</p>',
      '<a href="java&#x09;script:alert(1)" rel="noopener noreferrer nofollow" target="_blank">x</a>',
      '<a href="https://ok.example">sin rel</a>',
      '<a href="/relativo" rel="noopener noreferrer nofollow" target="_blank">x</a>',
      '<span style="position: fixed">x</span>',
      '<span style="color: expression(alert(1))">x</span>',
      '<p class="evil">x</p>',
      '<p id="x">x</p>',
      '<iframe></iframe>',
      '<svg></svg>',
      '<img src="x">',
      '<!-- x -->',
    ]) {
      expect(xssFindings(dirty), dirty).not.toEqual([]);
    }
    expect(xssFindings('<p>&lt;script&gt; onclick=alert(1) javascript:alert(1)</p>')).toEqual([]);
  });

  it.each(xssCorpus.map((payload) => [payload.length > 80 ? `${payload.slice(0, 80)}…` : payload, payload]))(
    '%s',
    (_name, payload) => {
      const cleaned = cleanStoryHtml(payload);
      expect(xssFindings(cleaned.html)).toEqual([]);
      // Cleaning its own output changes nothing: what is stored reads the same when parsed again.
      expect(cleanStoryHtml(cleaned.html).html).toBe(cleaned.html);
      // Around the payload, a story's text survives.
      const wrapped = cleanStoryHtml(`<p>antes</p>${payload}<p>después</p>`);
      expect(xssFindings(wrapped.html)).toEqual([]);
      expect(wrapped.plainText.startsWith('antes')).toBe(true);
    },
  );

  it('keeps escaped markup as text and drops what a browser would run', () => {
    expect(cleanStoryHtml('<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>').html).toBe(
      '<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>',
    );
    expect(cleanStoryHtml('<p>hola<script>alert(1)</script></p>').html).toBe('<p>hola</p>');
    expect(cleanStoryHtml('<p onclick="alert(1)" class="ql-align-center evil" id="x">hola</p>').html).toBe(
      '<p class="ql-align-center">hola</p>',
    );
    expect(cleanStoryHtml('<p>a<img src=x onerror=alert(1)>b</p>').html).toBe('<p>ab</p>');
    expect(cleanStoryHtml('<svg><desc>oculto</desc></svg><p>visible</p>').html).toBe('<p>visible</p>');
  });

  it('keeps the allowed style declarations of an attribute and drops the rest', () => {
    expect(
      cleanStoryHtml(
        '<span style="position: fixed; color: #E60000; top: 0; background-color: url(x); font-family: \'Times New Roman\', serif">x</span>',
      ).html,
    ).toBe('<span style="color: #E60000; font-family: \'Times New Roman\', serif;">x</span>');
    expect(cleanStoryHtml('<p style="text-align: center; margin: 0">x</p>').html).toBe(
      '<p style="text-align: center;">x</p>',
    );
    // A span with nothing left is just its text.
    expect(cleanStoryHtml('<p><span style="position: fixed">x</span></p>').html).toBe('<p>x</p>');
  });

  it('caps nesting, so a deep pile of tags costs the reader nothing', () => {
    const cleaned = cleanStoryHtml(`${'<strong>'.repeat(3000)}profundo`);
    expect(cleaned.html.match(/<strong>/g)!.length).toBeLessThanOrEqual(32);
    expect(cleaned.plainText).toBe('profundo');
  });
});

describe('cleanStoryHtml with what Quill 2 writes', () => {
  const rel = 'rel="noopener noreferrer nofollow" target="_blank"';

  // Quill 2.0.3 getSemanticHTML(), react-quill-new's default value: every space an &nbsp;, code
  // blocks as <pre> with newlines around their lines, links with Quill's own rel and target.
  const semantic = [
    '<h1>El&nbsp;pingüino&nbsp;viajero</h1>',
    '<h2 class="ql-align-center">Capítulo&nbsp;uno</h2>',
    '<h3 class="ql-align-right">La&nbsp;partida</h3>',
    '<p><span class="ql-font-serif">Había&nbsp;una&nbsp;vez</span>&nbsp;un&nbsp;<strong>pingüino</strong>&nbsp;<em>curioso</em>,&nbsp;<u>valiente</u>&nbsp;y&nbsp;<s>miedoso</s>.</p>',
    '<p class="ql-align-justify"><span class="ql-font-monospace">Máquina</span>&nbsp;y&nbsp;<code>código</code>&nbsp;en&nbsp;línea.</p>',
    '<blockquote>Nadie&nbsp;nada&nbsp;solo.</blockquote>',
    '<p>Lee&nbsp;<a href="https://es.wikipedia.org/wiki/Spheniscidae" rel="noopener noreferrer" target="_blank">sobre&nbsp;pingüinos</a>&nbsp;o&nbsp;escribe&nbsp;a&nbsp;<a href="mailto:profe@colegio.cl" rel="noopener noreferrer" target="_blank">la&nbsp;profe</a>.</p>',
    '<p><span style="color: rgb(230, 0, 0);">rojo</span>&nbsp;<span style="background-color: rgb(255, 255, 0);">fondo</span>&nbsp;<strong style="color: rgb(0, 102, 204);">azul</strong>&nbsp;<span class="ql-font-serif" style="color: rgb(0, 138, 0); background-color: rgb(250, 204, 204);">todo</span></p>',
    '<pre>\nconst pasos = 3;\nif (pasos &lt; 4 &amp;&amp; listo) {\n  nadar();\n}\n</pre>',
    '<p><br></p>',
    '<p>Fin&nbsp;&nbsp;del&nbsp;cuento.</p>',
  ].join('');

  it('keeps every toolbar format of getSemanticHTML, with spaces that wrap again', () => {
    const cleaned = cleanStoryHtml(semantic);
    expect(cleaned.html).toBe(
      [
        '<h1>El pingüino viajero</h1>',
        '<h2 class="ql-align-center">Capítulo uno</h2>',
        '<h3 class="ql-align-right">La partida</h3>',
        '<p><span class="ql-font-serif">Había una vez</span> un <strong>pingüino</strong> <em>curioso</em>, <u>valiente</u> y <s>miedoso</s>.</p>',
        '<p class="ql-align-justify"><span class="ql-font-monospace">Máquina</span> y <code>código</code> en línea.</p>',
        '<blockquote>Nadie nada solo.</blockquote>',
        `<p>Lee <a href="https://es.wikipedia.org/wiki/Spheniscidae" ${rel}>sobre pingüinos</a> o escribe a <a href="mailto:profe@colegio.cl" ${rel}>la profe</a>.</p>`,
        '<p><span style="color: rgb(230, 0, 0);">rojo</span> <span style="background-color: rgb(255, 255, 0);">fondo</span> <strong style="color: rgb(0, 102, 204);">azul</strong> <span class="ql-font-serif" style="color: rgb(0, 138, 0); background-color: rgb(250, 204, 204);">todo</span></p>',
        '<pre>\nconst pasos = 3;\nif (pasos &lt; 4 &amp;&amp; listo) {\n  nadar();\n}\n</pre>',
        // sanitize-html writes void elements XML-style; HTML reads <br /> as <br>.
        '<p><br /></p>',
        // A double space stays visible: a space the line may wrap at, then a non-breaking one.
        '<p>Fin \u00a0del cuento.</p>',
      ].join(''),
    );
    expect(xssFindings(cleaned.html)).toEqual([]);
    expect(cleaned.plainText).toBe(
      [
        'El pingüino viajero',
        'Capítulo uno',
        'La partida',
        'Había una vez un pingüino curioso, valiente y miedoso.',
        'Máquina y código en línea.',
        'Nadie nada solo.',
        'Lee sobre pingüinos o escribe a la profe.',
        'rojo fondo azul todo',
        'const pasos = 3;',
        'if (pasos < 4 && listo) {',
        'nadar();',
        '}',
        'Fin del cuento.',
      ].join('\n'),
    );
  });

  it('keeps indentation and double spaces of NBSP runs, across entities and inline tags', () => {
    expect(
      cleanStoryHtml('<p>&nbsp;&nbsp;sangría&nbsp;&nbsp;y<strong>&nbsp;negrita</strong>&nbsp;fin&nbsp;</p>')
        .html,
    ).toBe('<p>\u00a0\u00a0sangría \u00a0y<strong> negrita</strong> fin </p>');
    // A new block starts a new line: its first NBSP is indentation again.
    expect(cleanStoryHtml('<p>uno&nbsp;</p><p>&nbsp;dos</p>').html).toBe('<p>uno </p><p>\u00a0dos</p>');
    // Code keeps its spaces as written.
    expect(cleanStoryHtml('<pre>a&nbsp;&nbsp;b</pre>').html).toBe('<pre>a\u00a0\u00a0b</pre>');
  });

  it('keeps the root.innerHTML shape unchanged (code block lines as div.ql-code-block)', () => {
    const innerHtml = [
      '<h2>Título</h2>',
      '<p class="ql-align-center"><strong><em>negrita cursiva</em></strong> <b>b</b> <i>i</i></p>',
      '<div class="ql-code-block-container" spellcheck="false"><div class="ql-code-block" data-language="plain">let x = 1;</div><div class="ql-code-block" data-language="plain">x += 1;</div></div>',
      '<blockquote class="ql-align-right"><span style="color: rgb(153, 51, 255);">cita</span></blockquote>',
      '<p><a href="http://ejemplo.cl/cuento?id=1&amp;p=2" rel="noopener noreferrer" target="_blank"><u>enlace</u></a></p>',
    ].join('');
    expect(cleanStoryHtml(innerHtml).html).toBe(
      innerHtml.replaceAll('rel="noopener noreferrer" target="_blank"', rel),
    );
    expect(cleanStoryHtml(innerHtml).plainText).toBe(
      'Título\nnegrita cursiva b i\nlet x = 1;\nx += 1;\ncita\nenlace',
    );
  });

  it('forces target and rel on links and keeps only http, https and mailto', () => {
    const link = (href: string) =>
      cleanStoryHtml(`<p><a href="${href}" target="_self" rel="opener">x</a></p>`).html;
    expect(link('https://ejemplo.cl')).toBe(`<p><a href="https://ejemplo.cl" ${rel}>x</a></p>`);
    expect(link('HTTP://EJEMPLO.CL/A')).toBe(`<p><a href="HTTP://EJEMPLO.CL/A" ${rel}>x</a></p>`);
    expect(link('mailto:a@b.cl')).toBe(`<p><a href="mailto:a@b.cl" ${rel}>x</a></p>`);
    // Quill keeps what was typed: a bare host gets https:// instead of pointing into this site.
    expect(link('www.ejemplo.cl/cuento')).toBe(`<p><a href="https://www.ejemplo.cl/cuento" ${rel}>x</a></p>`);
    // Anything else is text (Quill's own about:blank for a refused URL included).
    for (const refused of [
      '/relativo',
      '../x',
      '//evil.example',
      'about:blank',
      'tel:+56912345678',
      'ftp://ejemplo.cl',
      'javascript:alert(1)',
      'java&#x09;script:alert(1)',
      '&#x20;javascript:alert(1)',
      '',
    ]) {
      expect(link(refused), refused).toBe('<p>x</p>');
    }
  });

  it('turns formats outside the toolbar into their text, keeping line breaks', () => {
    const cleaned = cleanStoryHtml(
      '<h4>h4</h4><ul><li>uno</li><li>dos</li></ul><table><tr><td>celda</td></tr></table><p>a<sub>2</sub></p>',
    );
    expect(cleaned.html).toBe('<p>h4</p><p>uno</p><p>dos</p>celda<p>a2</p>');
    expect(cleaned.plainText).toBe('h4\nuno\ndos\ncelda\na2');
  });
});

describe('plain text, word count and visible text', () => {
  it('counts accented Spanish words', () => {
    expect(cleanStoryHtml('<p>El niño comió pingüinos.</p>')).toEqual({
      html: '<p>El niño comió pingüinos.</p>',
      plainText: 'El niño comió pingüinos.',
      wordCount: 4,
    });
    expect(cleanStoryHtml('<p>El&nbsp;ni&ntilde;o&nbsp;comi&oacute;&nbsp;ping&#252;inos.</p>')).toMatchObject(
      {
        plainText: 'El niño comió pingüinos.',
        wordCount: 4,
      },
    );
  });

  it('separates blocks and line breaks, so words of two paragraphs never merge', () => {
    const cleaned = cleanStoryHtml(
      '<h1>Hola</h1><p>mundo<br>nuevo</p><blockquote>cita</blockquote><p>fin</p>',
    );
    expect(cleaned.plainText).toBe('Hola\nmundo\nnuevo\ncita\nfin');
    expect(cleaned.wordCount).toBe(5);
  });

  it('decodes entities in the plain text only', () => {
    const cleaned = cleanStoryHtml('<p>Tom &amp; Jerry &lt;3 &quot;sí&quot;</p>');
    expect(cleaned.html).toBe('<p>Tom &amp; Jerry &lt;3 "sí"</p>');
    expect(cleaned.plainText).toBe('Tom & Jerry <3 "sí"');
  });

  it('finds no visible text in what cleans to nothing', () => {
    for (const empty of [
      '',
      '<p><br></p>',
      '<p><br></p><p><br></p>',
      '<script>alert("hola")</script>',
      '<p>&nbsp;&nbsp;</p><p> \t </p>',
      '<p>\u200b\ufeff</p>',
      '<img src="x"><iframe src="https://ejemplo.cl"></iframe>',
      '<style>p { color: red }</style>',
    ]) {
      const cleaned = cleanStoryHtml(empty);
      expect(hasVisibleText(cleaned), empty).toBe(false);
      expect(cleaned.plainText, empty).toBe('');
      expect(cleaned.wordCount, empty).toBe(0);
    }
    expect(hasVisibleText(cleanStoryHtml('<p>.</p>'))).toBe(true);
    expect(hasVisibleText(cleanStoryHtml('<p>🐧</p>'))).toBe(true);
  });
});
