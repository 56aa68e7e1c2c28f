import { describe, expect, it } from 'vitest';
import { commentLimits, commentMessages } from '@fics/contracts';
import { commentPlainText, sanitizeCommentHtml } from './comment-html';
import { validateCommentText } from './components/CommentForm';

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

describe('validateCommentText', () => {
  it("words each form's refusal as spec 001 §5 does", () => {
    expect(validateCommentText('comment', '<p><br></p>')).toBe(commentMessages.textRequired);
    expect(validateCommentText('editComment', '<p> </p>')).toBe(commentMessages.editTextRequired);
    expect(validateCommentText('reply', '')).toBe(commentMessages.replyRequired);
    expect(validateCommentText('editReply', '<p><br></p>')).toBe(commentMessages.replyRequired);
    expect(validateCommentText('comment', '<p>Hola</p>')).toBeNull();
  });

  it('refuses more visible characters than the limit, as the server would', () => {
    const long = `<p>${'a'.repeat(commentLimits.plainTextMax + 1)}</p>`;
    expect(validateCommentText('comment', long)).toBe(commentMessages.textMax);
    expect(validateCommentText('reply', long)).toBe(commentMessages.replyMax);
    expect(validateCommentText('comment', `<p>${'a'.repeat(commentLimits.plainTextMax)}</p>`)).toBeNull();
  });
});
