import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import { renderWithProviders } from '../../../../test/utils';
import { storyWordCount } from '../StoryLength';
import { StoryTextEditor } from './StoryTextEditor';

// jsdom cannot run Quill: a textarea stands in for it (StoryForm.test.tsx does the same).
vi.mock('./RichTextEditor', () => ({
  default: ({ value, labelledBy }: { value: string; labelledBy: string }) => (
    <textarea aria-labelledby={labelledBy} value={value} readOnly />
  ),
}));

/** HTML of exactly `length` characters. */
const htmlOf = (length: number) => `<p>${'a'.repeat(length - 7)}</p>`;

let setValue: (html: string) => void = () => undefined;
function Editor({ initial }: { initial: string }) {
  const [value, set] = useState(initial);
  setValue = set;
  return <StoryTextEditor value={value} onChange={set} />;
}

describe('StoryTextEditor: the length of the text', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows the characters only from 90 % of the limit, in the warning colour, then the error colour with a polite message', async () => {
    renderWithProviders(<Editor initial={htmlOf(89_999)} />);
    await screen.findByRole('textbox', { name: 'Tu historia' });
    const live = document.querySelector('[aria-live="polite"]')!;
    expect(screen.queryByTestId('text-length')).not.toBeInTheDocument();
    expect(live).toHaveTextContent('');

    act(() => setValue(htmlOf(90_000)));
    const counter = await screen.findByTestId('text-length');
    expect(counter).toHaveTextContent('90.000 / 100.000 caracteres');
    expect(getComputedStyle(counter).fontWeight).toBe('500');
    expect(live).toHaveTextContent('');

    act(() => setValue(htmlOf(100_000)));
    expect(screen.getByTestId('text-length')).toHaveTextContent('100.000 / 100.000 caracteres');
    expect(live).toHaveTextContent('');

    act(() => setValue(htmlOf(100_250)));
    expect(screen.getByTestId('text-length')).toHaveTextContent('100.250 / 100.000 caracteres');
    expect(getComputedStyle(screen.getByTestId('text-length')).fontWeight).toBe('700');
    // The same live region, there from the start, now says it: screen readers announce the change.
    expect(document.querySelector('[aria-live="polite"]')).toBe(live);
    expect(live).toHaveTextContent('Tu fic supera el límite por 250 caracteres');

    act(() => setValue(htmlOf(50)));
    expect(screen.queryByTestId('text-length')).not.toBeInTheDocument();
    expect(live).toHaveTextContent('');
  });

  it("draws the counter in the theme's warning and error text colours", async () => {
    renderWithProviders(<Editor initial={htmlOf(95_000)} />);
    const near = getComputedStyle(await screen.findByTestId('text-length')).color;
    act(() => setValue(htmlOf(100_001)));
    const over = getComputedStyle(screen.getByTestId('text-length')).color;
    expect(near).not.toBe(over);
    expect(screen.getByText(/supera el límite por 1 carácter \(/)).toBeInTheDocument();
  });
});

describe('storyWordCount', () => {
  it('counts words as the server does: blocks apart, accents and ñ inside words, no markup', () => {
    expect(storyWordCount('')).toBe(0);
    expect(storyWordCount('<p><br></p>')).toBe(0);
    expect(storyWordCount('<p>uno</p><p>dos</p>')).toBe(2);
    expect(storyWordCount('<h1>El niño</h1><blockquote>y el pingüino</blockquote>')).toBe(5);
    expect(storyWordCount('<p>dijo<br>adiós</p>')).toBe(2);
    expect(storyWordCount('<p><strong>ne</strong>grita &amp; más&nbsp;texto</p>')).toBe(3);
    expect(storyWordCount("<p>arco-iris, l'amour 3.5</p>")).toBe(3);
  });
});
