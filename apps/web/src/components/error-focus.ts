import { useCallback, useEffect, useRef, useState, type RefCallback } from 'react';
import { stickyInsetVariable } from './sticky-inset';

/**
 * Focus on the first error of a form (issue 18, point 2), shared by every form of the app.
 *
 * A form that fails its check (zod through react-hook-form, or the server's VALIDATION_ERROR placed
 * by applyServerErrors) moves focus to its first field in error in the order the fields are on the
 * page, not the schema's, and scrolls so that the field and its message are visible and not under a
 * sticky bar. Fields in error are found by what they already say to screen readers:
 * `aria-invalid="true"` (MUI sets it on a field with `error`; the Quill editor sets it on its root),
 * or `data-error-focus` on a message that belongs to no field (a list's error in the bulk import).
 *
 * Sticky bars (the app's header, the fic editor's action bar) publish their height as the CSS
 * variables `--fics-sticky-top` and `--fics-sticky-bottom` (useStickyInset, sticky-inset.ts); the scroll keeps that
 * much room, through `scroll-margin`, so that the browser's own scrollIntoView does the work in
 * every scroll container (the page, a dialog's content, a drawer).
 */

const INVALID = '[aria-invalid="true"], [data-error-focus]';
const FOCUSABLE =
  'input:not([type="hidden"]), textarea, select, button, [href], [tabindex], [contenteditable="true"], [role="combobox"]';
/** Room kept between the field and the edge (or a sticky bar), so the field does not touch it. */
const GAP_PX = 16;

function isHidden(element: HTMLElement): boolean {
  return (
    element.hidden ||
    element.getAttribute('aria-hidden') === 'true' ||
    element.closest('[hidden], [inert]') !== null ||
    (element instanceof HTMLInputElement && element.type === 'hidden')
  );
}

function isFocusable(element: HTMLElement): boolean {
  if (isHidden(element) || (element as HTMLInputElement).disabled) {
    return false;
  }
  return element.matches(FOCUSABLE) || element.isContentEditable;
}

/**
 * What to focus for an element in error: itself, or the control the user sees when it is a hidden
 * native input (MUI Select's, a file input inside its button), or a message made focusable.
 */
function focusTargetOf(element: HTMLElement): HTMLElement | null {
  if (element.hasAttribute('data-error-focus')) {
    if (!element.hasAttribute('tabindex')) {
      element.tabIndex = -1;
    }
    return element;
  }
  if (isFocusable(element)) {
    return element;
  }
  const control = element.parentElement?.closest<HTMLElement>(
    '.MuiInputBase-root, .MuiFormControl-root, label',
  );
  if (!control) {
    return null;
  }
  if (isFocusable(control)) {
    return control;
  }
  return (
    [...control.querySelectorAll<HTMLElement>(FOCUSABLE)].find(
      (candidate) => candidate !== element && isFocusable(candidate),
    ) ?? null
  );
}

/** The field's visible message: what its aria-describedby (or aria-errormessage) points to. */
function messageOf(field: HTMLElement): HTMLElement | null {
  const ids =
    `${field.getAttribute('aria-errormessage') ?? ''} ${field.getAttribute('aria-describedby') ?? ''}`
      .split(/\s+/)
      .filter(Boolean);
  const messages = ids
    .map((id) => field.ownerDocument.getElementById(id))
    .filter((element): element is HTMLElement => element !== null && element.textContent?.trim() !== '');
  // An error text (MUI's helper text in error) before a hint.
  return messages.find((element) => element.classList.contains('Mui-error')) ?? messages[0] ?? null;
}

/** The smallest box holding the field and its message (a TextField's FormControl, the editor's box). */
function frameOf(field: HTMLElement, message: HTMLElement | null): HTMLElement {
  if (message && !field.contains(message)) {
    let frame: HTMLElement | null = field.parentElement;
    while (frame && !frame.contains(message)) {
      frame = frame.parentElement;
    }
    if (frame && frame !== field.ownerDocument.body) {
      return frame;
    }
  }
  return field.closest<HTMLElement>('.MuiFormControl-root') ?? field;
}

/** In a dialog or drawer the page's sticky bars are behind it and do not count. */
function inOverlay(element: HTMLElement): boolean {
  return element.closest('[role="dialog"], .MuiModal-root') !== null;
}

function insetOf(side: 'top' | 'bottom'): number {
  const value = getComputedStyle(document.documentElement).getPropertyValue(stickyInsetVariable[side]);
  return Number.parseFloat(value) || 0;
}

function scrollParentOf(element: HTMLElement): HTMLElement | null {
  for (let parent = element.parentElement; parent; parent = parent.parentElement) {
    const { overflowY } = getComputedStyle(parent);
    if ((overflowY === 'auto' || overflowY === 'scroll') && parent.scrollHeight > parent.clientHeight) {
      return parent;
    }
  }
  return null;
}

/**
 * Scrolls `field` into view with its message, clear of the sticky bars: the whole frame when it fits,
 * otherwise (a very long text in the editor) the frame's end, with the message, at the bottom of
 * what is visible.
 * `source`: the element in error when `field` is the control shown for it (a hidden file input's
 * button), whose aria-describedby names the message.
 */
export function revealField(field: HTMLElement, source: HTMLElement = field): void {
  const message = messageOf(source) ?? messageOf(field);
  const frame = frameOf(field, message);
  const overlay = inOverlay(field);
  const margin = (side: 'top' | 'bottom') =>
    overlay ? `${GAP_PX}px` : `calc(var(${stickyInsetVariable[side]}, 0px) + ${GAP_PX}px)`;
  frame.style.scrollMarginTop = margin('top');
  frame.style.scrollMarginBottom = margin('bottom');
  const container = scrollParentOf(frame);
  const room =
    overlay && container
      ? container.clientHeight - 2 * GAP_PX
      : window.innerHeight - insetOf('top') - insetOf('bottom') - 2 * GAP_PX;
  if (frame.getBoundingClientRect().height <= room || !message) {
    frame.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  } else {
    // Its end: the message, and what the field shows under it (the editor's length counter).
    frame.scrollIntoView({ block: 'end', inline: 'nearest' });
  }
}

/**
 * Focuses the first field in error inside `root`, in the order of the page, and scrolls it into
 * view (revealField). Focus does not scroll by itself (`preventScroll`): the Quill editor would
 * jump to its last caret, at the end of a long text. Returns whether a field was found.
 */
export function focusFirstError(root: ParentNode | null = document): boolean {
  const scope = root ?? document;
  for (const element of scope.querySelectorAll<HTMLElement>(INVALID)) {
    const target = focusTargetOf(element);
    if (target) {
      target.focus({ preventScroll: true });
      revealField(target, element);
      return true;
    }
  }
  return false;
}

/** Frames to wait for the fields' error state to reach the page before giving up. */
const MAX_FRAMES = 3;

export interface ErrorFocus<T extends HTMLElement> {
  /** On the form (or the dialog's content): where the fields are looked for. */
  ref: RefCallback<T>;
  /**
   * After a failed check: once the messages are on the page, focus the first field in error.
   * react-hook-form's `handleSubmit(onValid, focusFirstError)` (with `shouldFocusError: false` in
   * useForm, so that it does not focus its own first field, in schema order), applyServerErrors'
   * `focus` option, or called by a form of its own.
   */
  focusFirstError: () => void;
}

/** The first-error focus of one form (see focusFirstError). */
export function useErrorFocus<T extends HTMLElement = HTMLFormElement>(): ErrorFocus<T> {
  const root = useRef<T | null>(null);
  const [request, setRequest] = useState(0);
  const ref = useCallback<RefCallback<T>>((element) => {
    root.current = element;
  }, []);
  const ask = useCallback(() => setRequest((count) => count + 1), []);

  // After the render that shows the messages (the request is batched with the form's errors), and
  // after its children's effects: the Quill editor sets its aria-invalid in one. A field whose error
  // arrives a frame later is waited for.
  useEffect(() => {
    if (request === 0) {
      return undefined;
    }
    let frame = 0;
    let handle = 0;
    const attempt = () => {
      if (!focusFirstError(root.current) && frame < MAX_FRAMES) {
        frame += 1;
        handle = requestAnimationFrame(attempt);
      }
    };
    attempt();
    return () => cancelAnimationFrame(handle);
  }, [request]);

  return { ref, focusFirstError: ask };
}
