import { useId } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { CollegeOption } from '@fics/contracts';
import { useToast } from '../../../components/toast';
import { isApiError } from '../../../lib/api-client';
import { useCollegeOptions } from '../../../lib/resources';
import { useRubricTemplateColleges, useSetRubricTemplate } from '../api';

type School = Pick<CollegeOption, '_id' | 'name'>;

/**
 * 'Plantilla de colegios' (issue 20.4, administrators, on their rubric's edit page): the schools the
 * rubric is a template of. Adding a school marks it at once (PUT), removing one unmarks it (DELETE);
 * the teachers of those schools find it in Mis Rúbricas › Plantillas.
 */
export function RubricTemplateColleges({ rubricId }: { rubricId: string }) {
  const { t } = useTranslation();
  const toast = useToast();
  const headingId = useId();
  const helpId = useId();
  const marked = useRubricTemplateColleges(rubricId);
  const options = useCollegeOptions();
  const setTemplate = useSetRubricTemplate(rubricId);
  const value: School[] = (marked.data ?? []).map(({ _id, name }) => ({ _id, name }));

  const change = async (next: readonly School[]) => {
    const nextIds = new Set(next.map((c) => c._id));
    const currentIds = new Set(value.map((c) => c._id));
    const added = next.find((c) => !currentIds.has(c._id));
    const removed = value.find((c) => !nextIds.has(c._id));
    const target = added ?? removed;
    if (!target) {
      return;
    }
    try {
      await setTemplate.mutateAsync({ collegeId: target._id, marked: Boolean(added) });
      toast.success(
        t(added ? 'rubrics.templateMarked' : 'rubrics.templateUnmarked', { college: target.name }),
      );
    } catch (error) {
      toast.error(isApiError(error) ? error.message : t('errors.generic'));
    }
  };

  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby={headingId}
      sx={{ p: { xs: 2, md: 3 }, mt: 3 }}
    >
      <Typography id={headingId} variant="h2" sx={{ fontSize: { xs: '1.1rem', md: '1.15rem' }, mb: 1 }}>
        {t('rubrics.templateCollegesTitle')}
      </Typography>
      <Typography id={helpId} variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('rubrics.templateCollegesHelp')}
      </Typography>
      <Autocomplete
        multiple
        value={value}
        options={options.data ?? []}
        getOptionLabel={(option) => option.name}
        isOptionEqualToValue={(option, selected) => option._id === selected._id}
        filterSelectedOptions
        disableClearable
        loading={options.isPending || marked.isPending}
        disabled={marked.isError || setTemplate.isPending}
        loadingText={t('common.loading')}
        noOptionsText={t('common.emptyResults')}
        onChange={(_event, next) => void change(next)}
        renderInput={(params) => (
          <TextField
            {...params}
            label={t('rubrics.templateColleges')}
            placeholder={t('rubrics.templateCollegesPlaceholder')}
            slotProps={{
              ...params.slotProps,
              htmlInput: { ...params.slotProps.htmlInput, 'aria-describedby': helpId },
            }}
          />
        )}
      />
    </Paper>
  );
}
