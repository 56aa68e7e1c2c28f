/**
 * What the app shell may use of the home (lint: eslint.config.js, feature boundaries): the header's
 * filter toggle, and the filter panel's open state it shares with the home page.
 */
export { FilterToggle } from './components/FilterToggle';
export { filterPanel, useFilterPanel } from './filter-panel';
