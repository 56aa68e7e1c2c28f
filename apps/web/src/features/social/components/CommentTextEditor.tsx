/**
 * Quill 2 (react-quill-new) with the comment toolbar of spec 001 §2: bold, italic, underline, strike
 * and quote. One lazy chunk (Quill's code is shared with the fic editor's), fetched when a reader
 * opens a comment form, never with the fic.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import ReactQuill from 'react-quill-new';
import 'quill/dist/quill.snow.css';
import { useTranslation } from 'react-i18next';

/**
 * The formats Quill keeps, pasted text included: exactly the toolbar's, which is also the server's
 * comment allowlist (`commentHtmlTags`: strong, em, u, s, blockquote, p, br).
 */
const FORMATS = ['bold', 'italic', 'underline', 'strike', 'blockquote'];

/**
 * Tab leaves the editor, as in any form field, instead of writing a tab or indenting a quote:
 * keyboard users must be able to reach the buttons after it (Quill drops a binding set to null).
 */
const KEYBOARD = {
  bindings: {
    tab: null,
    indent: null,
    outdent: null,
    'remove tab': null,
    'indent code-block': null,
    'outdent code-block': null,
  },
};

export interface CommentTextEditorProps {
  value: string;
  onChange: (html: string) => void;
  placeholder: string;
  /** The id of the visible label, and of the error text. */
  labelledBy: string;
  describedBy?: string;
  invalid?: boolean;
  autoFocus?: boolean;
  /** Ctrl/⌘ + Enter sends the form. */
  onSubmitShortcut?: () => void;
}

export default function CommentTextEditor({
  value,
  onChange,
  placeholder,
  labelledBy,
  describedBy,
  invalid = false,
  autoFocus = false,
  onSubmitShortcut,
}: CommentTextEditorProps) {
  const { t } = useTranslation();
  const [toolbar, setToolbar] = useState<HTMLDivElement | null>(null);
  const quillRef = useRef<ReactQuill>(null);
  const submitRef = useRef(onSubmitShortcut);
  submitRef.current = onSubmitShortcut;

  const toolbarRef = useCallback((element: HTMLDivElement | null) => setToolbar(element), []);

  // Quill reads its modules once, when it starts: keep the same object after that.
  const modules = useMemo(
    () =>
      toolbar
        ? {
            toolbar: { container: toolbar },
            keyboard: {
              bindings: {
                ...KEYBOARD.bindings,
                submit: {
                  key: 'Enter',
                  shortKey: true,
                  handler: () => {
                    submitRef.current?.();
                    return false;
                  },
                },
              },
            },
          }
        : null,
    [toolbar],
  );

  // The editable area is Quill's: give it a role, a name and its error text.
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
    if (modules && autoFocus) {
      quillRef.current?.getEditor().focus();
    }
    // Only when the editor starts.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [modules]);

  const tb = (label: string) => ({ 'aria-label': label, title: label });

  return (
    // Styled by CommentForm around it: no MUI here.
    <div className="fics-comment-text">
      <div ref={toolbarRef} role="toolbar" aria-label={t('social.toolbar.label')}>
        <span className="ql-formats">
          <button type="button" className="ql-bold" {...tb(t('social.toolbar.bold'))} />
          <button type="button" className="ql-italic" {...tb(t('social.toolbar.italic'))} />
          <button type="button" className="ql-underline" {...tb(t('social.toolbar.underline'))} />
          <button type="button" className="ql-strike" {...tb(t('social.toolbar.strike'))} />
          <button type="button" className="ql-blockquote" {...tb(t('social.toolbar.blockquote'))} />
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
          // root.innerHTML: Quill 2.0.3's getSemanticHTML writes every space as &nbsp;.
          useSemanticHTML={false}
          onChange={(html) => onChange(html)}
        />
      ) : null}
    </div>
  );
}
