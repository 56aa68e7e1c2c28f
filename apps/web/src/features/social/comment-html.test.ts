import { describe, expect, it } from 'vitest';
import { commentPlainText, sanitizeCommentHtml } from './comment-html';

describe('comment HTML', () => {
  it("keeps the toolbar's formats (bold, italic, underline, strike, quote) and nothing else", () => {
    const html =
      '<p><strong>a</strong> <em>b</em> <u>c</u> <s>d</s></p><blockquote>e</blockquote>' +
      '<h1 style="color:red">f</h1><a href="javascript:alert(1)">g</a><img src=x onerror="alert(1)">' +
      '<script>alert(1)</script><p class="x" onclick="alert(1)">h</p>';
    expect(sanitizeCommentHtml(html)).toBe(
      '<p><strong>a</strong> <em>b</em> <u>c</u> <s>d</s></p><blockquote>e</blockquote>fg<p>h</p>',
    );
  });

  it('reads the visible text as the server counts it: a line per block, spaces collapsed', () => {
    expect(
      commentPlainText('<p>  Hola&nbsp;&nbsp; <b>mundo</b></p><blockquote>cita</blockquote><p><br></p>'),
    ).toBe('Hola mundo\ncita');
    expect(commentPlainText('<p><br></p><p>\u200b </p>')).toBe('');
    expect(commentPlainText('<script>texto</script>')).toBe('');
  });
});
