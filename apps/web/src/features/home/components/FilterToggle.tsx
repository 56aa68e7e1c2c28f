import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import FilterListIcon from '#icons/FilterList';
import { useTranslation } from 'react-i18next';
import { FILTER_PANEL_ID, FILTER_TOGGLE_ID, filterPanel, useFilterPanel } from '../filter-panel';
import { countFilters, useGalleryFilters } from '../gallery-filters';
import { preloadFilterPanel } from './lazy';

/**
 * The header's filter toggle (spec 000 §2 Header: only on `/`): opens and closes the gallery's
 * filter panel; the badge counts the filters in use.
 */
export function FilterToggle() {
  const { t } = useTranslation();
  const { open } = useFilterPanel();
  const [filters] = useGalleryFilters();
  const count = countFilters(filters);
  return (
    <IconButton
      id={FILTER_TOGGLE_ID}
      onClick={() => filterPanel.toggle()}
      onPointerEnter={preloadFilterPanel}
      onFocus={preloadFilterPanel}
      aria-label={count > 0 ? t('gallery.toggleActive', { count }) : t('gallery.toggle')}
      aria-expanded={open}
      aria-controls={open ? FILTER_PANEL_ID : undefined}
      sx={{ color: open ? 'primary.dark' : 'text.primary', bgcolor: open ? 'action.selected' : undefined }}
    >
      <Badge badgeContent={count} color="primary">
        <FilterListIcon />
      </Badge>
    </IconButton>
  );
}
