import { useSyncExternalStore } from 'react';

/*
 * Whether the gallery's filter panel is open: the header's toggle and the home page (and its filter
 * chips) share it. A tiny external store rather than a context, so the header needs no provider
 * around it and renders the same whatever page is below it.
 */

/** The field to focus when the panel opens (a chip reopens it on its own field). */
export type FilterField = 'searchTitle' | 'tags' | 'collegeId' | 'gradeId';

export interface FilterPanelState {
  open: boolean;
  /** Focus this field once the panel shows; null: the first one. */
  focus: FilterField | null;
  /** Counts the requests to open, so asking twice for the same field focuses it again. */
  seq: number;
}

/** The ids the toggle's aria-controls and the panel share. */
export const FILTER_PANEL_ID = 'gallery-filters';
export const FILTER_TOGGLE_ID = 'gallery-filters-toggle';

const closed: FilterPanelState = { open: false, focus: null, seq: 0 };
let state: FilterPanelState = closed;
const listeners = new Set<() => void>();

function set(next: FilterPanelState): void {
  if (next.open !== state.open || next.focus !== state.focus || next.seq !== state.seq) {
    state = next;
    for (const listener of listeners) {
      listener();
    }
  }
}

export const filterPanel = {
  get: (): FilterPanelState => state,
  subscribe: (listener: () => void): (() => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  open: (focus: FilterField | null = null): void => {
    set({ open: true, focus, seq: state.seq + 1 });
  },
  close: (): void => {
    if (state.open) {
      set({ open: false, focus: null, seq: state.seq });
    }
  },
  toggle: (): void => {
    if (state.open) {
      filterPanel.close();
    } else {
      filterPanel.open();
    }
  },
};

/** The panel's state, re-rendering when the header, a chip or the panel changes it. */
export function useFilterPanel(): FilterPanelState {
  return useSyncExternalStore(filterPanel.subscribe, filterPanel.get, () => closed);
}
