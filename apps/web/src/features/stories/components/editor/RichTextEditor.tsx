/**
 * Quill 2 through react-quill-new, with the toolbar of spec 001 §2 (fonts, headers, bold, italic,
 * underline, strike, quote, align, link, code, colors, clean). This module and quill's CSS are one
 * lazy chunk, fetched only by the editor (StoryTextEditor); nothing of Quill is in any page's chunk.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import ReactQuill from 'react-quill-new';
import 'quill/dist/quill.snow.css';
import { useTranslation } from 'react-i18next';

/**
 * The formats Quill keeps, pasted text included: exactly the toolbar's, which is also the server's
 * HTML allowlist (apps/api/src/lib/rich-text.ts). Anything else pasted in keeps its text only.
 */
const FORMATS = [
  'font',
  'header',
  'bold',
  'italic',
  'underline',
  'strike',
  'blockquote',
  'align',
  'link',
  'code-block',
  'color',
  'background',
];

export interface RichTextEditorProps {
  value: string;
  /** `byUser` is false when Quill itself rewrote the value (loading a fic's HTML). */
  onChange: (html: string, byUser: boolean) => void;
  onBlur?: () => void;
  placeholder: string;
  /** The id of the visible label, and of the help or error text. */
  labelledBy: string;
  describedBy?: string;
  invalid?: boolean;
  /** Gives the form a way to focus the editor (react-hook-form's focus on the first error). */
  focusRef?: (handle: { focus: () => void } | null) => void;
}

export default function RichTextEditor({
  value,
  onChange,
  onBlur,
  placeholder,
  labelledBy,
  describedBy,
  invalid = false,
  focusRef,
}: RichTextEditorProps) {
  const { t } = useTranslation();
  const [toolbar, setToolbar] = useState<HTMLDivElement | null>(null);
  const quillRef = useRef<ReactQuill>(null);

  // Quill finds each picker's default by the `selected` attribute (React sets only the property);
  // without it the picker's label falls back to Quill's English CSS text ('Sans Serif').
  const toolbarRef = useCallback((element: HTMLDivElement | null) => {
    element
      ?.querySelectorAll('select option[value=""]')
      .forEach((option) => option.setAttribute('selected', ''));
    setToolbar(element);
  }, []);

  // Quill reads the toolbar element once, when it starts: keep the same modules object after that.
  const modules = useMemo(() => (toolbar ? { toolbar: { container: toolbar } } : null), [toolbar]);

  // The editable area is Quill's: give it a role, a name and its help/error text.
  useEffect(() => {
    const root = quillRef.current?.getEditor().root;
    if (!root) {
      return;
    }
    root.setAttribute('role', 'textbox');
    root.setAttribute('aria-multiline', 'true');
    root.setAttribute('aria-labelledby', labelledBy);
    root.setAttribute('aria-invalid', String(invalid));
    if (describedBy) {
      root.setAttribute('aria-describedby', describedBy);
    } else {
      root.removeAttribute('aria-describedby');
    }
  }, [modules, labelledBy, describedBy, invalid]);

  useEffect(() => {
    if (!modules) {
      return undefined;
    }
    const editor = quillRef.current?.getEditor();
    if (!editor) {
      return undefined;
    }
    // Quill's link box shows an English sample address; Quill's pickers are labelled on their button.
    const container = editor.root.parentElement;
    container
      ?.querySelector('.ql-tooltip input[type="text"]')
      ?.setAttribute('data-link', t('storyEditor.toolbar.linkPlaceholder'));
    toolbar?.querySelectorAll<HTMLElement>('.ql-picker').forEach((picker) => {
      const name = picker.getAttribute('aria-label');
      const label = picker.querySelector('.ql-picker-label');
      if (name && label) {
        label.setAttribute('aria-label', name);
        label.setAttribute('title', name);
        picker.removeAttribute('aria-label');
      }
    });
    focusRef?.({ focus: () => editor.focus() });
    return () => focusRef?.(null);
  }, [modules, toolbar, focusRef, t]);

  const tb = (key: keyof typeof labels) => ({ 'aria-label': labels[key], title: labels[key] });
  const labels = {
    font: t('storyEditor.toolbar.font'),
    header: t('storyEditor.toolbar.header'),
    bold: t('storyEditor.toolbar.bold'),
    italic: t('storyEditor.toolbar.italic'),
    underline: t('storyEditor.toolbar.underline'),
    strike: t('storyEditor.toolbar.strike'),
    blockquote: t('storyEditor.toolbar.blockquote'),
    codeBlock: t('storyEditor.toolbar.codeBlock'),
    align: t('storyEditor.toolbar.align'),
    link: t('storyEditor.toolbar.link'),
    color: t('storyEditor.toolbar.color'),
    background: t('storyEditor.toolbar.background'),
    clean: t('storyEditor.toolbar.clean'),
  };

  return (
    // Styled by StoryTextEditor around it: no MUI here, so this chunk shares nothing with the home page.
    <div className="fics-rich-text">
      <div ref={toolbarRef} role="toolbar" aria-label={t('storyEditor.toolbar.label')}>
        <span className="ql-formats">
          <select className="ql-font" {...tb('font')}>
            <option value="">{t('storyEditor.toolbar.fontSans')}</option>
            <option value="serif">{t('storyEditor.toolbar.fontSerif')}</option>
            <option value="monospace">{t('storyEditor.toolbar.fontMonospace')}</option>
          </select>
          <select className="ql-header" {...tb('header')}>
            <option value="1">{t('storyEditor.toolbar.header1')}</option>
            <option value="2">{t('storyEditor.toolbar.header2')}</option>
            <option value="3">{t('storyEditor.toolbar.header3')}</option>
            <option value="">{t('storyEditor.toolbar.normal')}</option>
          </select>
        </span>
        <span className="ql-formats">
          <button type="button" className="ql-bold" {...tb('bold')} />
          <button type="button" className="ql-italic" {...tb('italic')} />
          <button type="button" className="ql-underline" {...tb('underline')} />
          <button type="button" className="ql-strike" {...tb('strike')} />
        </span>
        <span className="ql-formats">
          <button type="button" className="ql-blockquote" {...tb('blockquote')} />
          <button type="button" className="ql-code-block" {...tb('codeBlock')} />
          <button type="button" className="ql-link" {...tb('link')} />
        </span>
        <span className="ql-formats">
          <select className="ql-align" {...tb('align')} />
          <select className="ql-color" {...tb('color')} />
          <select className="ql-background" {...tb('background')} />
        </span>
        <span className="ql-formats">
          <button type="button" className="ql-clean" {...tb('clean')} />
        </span>
      </div>
      {modules ? (
        <ReactQuill
          ref={quillRef}
          theme="snow"
          value={value}
          modules={modules}
          formats={FORMATS}
          placeholder={placeholder}
          // root.innerHTML: Quill 2.0.3's getSemanticHTML writes every space as &nbsp;, which would
          // keep a reader's browser from wrapping lines. The server accepts both shapes.
          useSemanticHTML={false}
          onChange={(html, _delta, source) => onChange(html, source === 'user')}
          onBlur={() => onBlur?.()}
        />
      ) : null}
    </div>
  );
}
