import { useId } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import { gradeLabel } from '@fics/contracts';
import { visuallyHidden } from '../../../components/visually-hidden';
import { useCollegeOptions } from '../api';
import { filterPanel, type FilterField } from '../filter-panel';
import type { GalleryUrlFilters } from '../gallery-filters';

interface ActiveFiltersProps {
  filters: GalleryUrlFilters;
  /** Removes one filter (a chip's delete). */
  onChange: (patch: Partial<GalleryUrlFilters>) => void;
}

interface ChipSpec {
  key: string;
  field: FilterField;
  label: string;
  remove: Partial<GalleryUrlFilters>;
}

/**
 * The filters in use, as chips (spec 000 §2 Home): a click reopens the filter panel on that field;
 * the delete mark (or the Delete key) removes that filter alone. Loaded on demand (lazy.ts).
 */
export function ActiveFilters({ filters, onChange }: ActiveFiltersProps) {
  const { t } = useTranslation();
  const hintId = useId();
  const colleges = useCollegeOptions({ enabled: filters.collegeId !== '' });
  const college = colleges.data?.find((c) => c._id === filters.collegeId);
  const grade = college?.grades.find((g) => g._id === filters.gradeId);

  const chips: ChipSpec[] = [];
  if (filters.searchTitle) {
    chips.push({
      key: 'searchTitle',
      field: 'searchTitle',
      label: t('gallery.chipTitle', { value: filters.searchTitle }),
      remove: { searchTitle: '' },
    });
  }
  for (const tag of filters.tags) {
    chips.push({
      key: `tag:${tag}`,
      field: 'tags',
      label: t('gallery.chipTag', { value: tag }),
      remove: { tags: filters.tags.filter((other) => other !== tag) },
    });
  }
  if (filters.collegeId) {
    chips.push({
      key: 'collegeId',
      field: 'collegeId',
      label: college ? t('gallery.chipCollege', { value: college.name }) : t('gallery.college'),
      // Without its school a grade filter means little: both go.
      remove: { collegeId: '', gradeId: '' },
    });
  }
  if (filters.gradeId) {
    chips.push({
      key: 'gradeId',
      field: 'gradeId',
      label: grade ? t('gallery.chipGrade', { value: gradeLabel(grade) }) : t('gallery.grade'),
      remove: { gradeId: '' },
    });
  }

  return (
    <>
      <Box component="span" id={hintId} sx={visuallyHidden}>
        {t('gallery.chipsHint')}
      </Box>
      <Box
        component="ul"
        aria-label={t('gallery.activeFilters')}
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, listStyle: 'none', p: 0, m: 0 }}
      >
        {chips.map((chip) => (
          <li key={chip.key}>
            <Chip
              label={chip.label}
              onClick={() => filterPanel.open(chip.field)}
              onDelete={() => onChange(chip.remove)}
              aria-describedby={hintId}
              color="primary"
              variant="outlined"
              sx={{
                maxWidth: '100%',
                color: 'primary.dark',
                borderColor: 'primary.main',
                '& .MuiChip-deleteIcon': { color: 'primary.dark' },
              }}
            />
          </li>
        ))}
      </Box>
    </>
  );
}
