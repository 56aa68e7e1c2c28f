import { memo, useId, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ContentCopyOutlined from '#icons/ContentCopyOutlined';
import SchoolOutlined from '#icons/SchoolOutlined';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { rubricMessages, rubricTemplatesPaging, type RubricTemplate } from '@fics/contracts';
import { EmptyState } from '../../../components/EmptyState';
import { LoadFailedState } from '../../../components/LoadFailedState';
import { formatCount, ListTotal, PageControls } from '../../../components/PageControls';
import { useToast } from '../../../components/toast';
import { isApiError } from '../../../lib/api-client';
import { useCopyRubricTemplate, useRubricTemplates } from '../api';
import { ExpandIcon, RubricPreview, useCompactRubricsList } from './RubricsList';

/**
 * Mis Rúbricas › Plantillas (issue 20.4): the rubrics the caller's schools offer as templates (all of
 * them for an administrator), newest first, one page at a time. Each opens to a preview of its grid;
 * 'Copiar a mis rúbricas' makes an independent copy and opens it in the editor.
 */
export function RubricTemplatesPanel() {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const compact = useCompactRubricsList();
  const [page, setPage] = useState(1);
  const limit = rubricTemplatesPaging.defaultLimit;
  const templates = useRubricTemplates({ page, limit });
  const shown = templates.data;
  const copy = useCopyRubricTemplate();
  const listTop = useRef<HTMLDivElement>(null);

  const copyTemplate = async (template: RubricTemplate) => {
    try {
      const { rubric, message } = await copy.mutateAsync(template.rubric._id);
      toast.success(message);
      void navigate(`/rubricas/${rubric._id}/actualizar`);
    } catch (error) {
      if (isApiError(error) && error.status === 404) {
        // No longer offered to the school (unmarked or deleted meanwhile): say so and reload.
        toast.error(rubricMessages.templateNotFound);
        void templates.refetch();
      } else {
        toast.error(t('errors.generic'));
      }
    }
  };

  if (templates.isError) {
    return <LoadFailedState onRetry={() => void templates.refetch()} />;
  }
  if (shown && shown.totalDocs === 0) {
    return (
      <Paper variant="outlined">
        <EmptyState icon={<SchoolOutlined fontSize="inherit" />} message={t('rubrics.templatesEmpty')} />
      </Paper>
    );
  }
  return (
    <>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('rubrics.templatesIntro')}
      </Typography>
      <ListTotal
        ref={listTop}
        text={
          shown && shown.totalDocs > 0
            ? t('rubrics.templatesTotal', { count: shown.totalDocs, formatted: formatCount(shown.totalDocs) })
            : null
        }
      />
      <Box sx={{ position: 'relative' }}>
        {templates.isPlaceholderData ? (
          <LinearProgress aria-hidden sx={{ position: 'absolute', top: -4, left: 0, right: 0 }} />
        ) : null}
        <Stack
          component="ul"
          aria-label={t('rubrics.templatesLabel')}
          spacing={2}
          sx={{ listStyle: 'none', p: 0, m: 0 }}
        >
          {shown
            ? shown.docs.map((template) => (
                <TemplateCard
                  key={`${template.rubric._id}:${template.college._id}`}
                  template={template}
                  stacked={compact}
                  copying={copy.isPending && copy.variables === template.rubric._id}
                  disabled={copy.isPending}
                  onCopy={copyTemplate}
                />
              ))
            : Array.from({ length: 3 }, (_, i) => (
                <Skeleton key={i} component="li" variant="rounded" height={120} />
              ))}
        </Stack>
      </Box>
      {shown ? (
        <PageControls
          page={page}
          limit={limit}
          totalDocs={shown.totalDocs}
          onPageChange={(next) => {
            setPage(next);
            listTop.current?.scrollIntoView?.({ block: 'start' });
          }}
          label={t('rubrics.templatesPages')}
        />
      ) : null}
    </>
  );
}

interface TemplateCardProps {
  template: RubricTemplate;
  stacked: boolean;
  copying: boolean;
  disabled: boolean;
  onCopy: (template: RubricTemplate) => void | Promise<void>;
}

const TemplateCard = memo(function TemplateCard({
  template,
  stacked,
  copying,
  disabled,
  onCopy,
}: TemplateCardProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const previewId = useId();
  const { rubric, college } = template;
  return (
    <Paper component="li" variant="outlined" sx={{ p: 2 }}>
      <Typography component="h2" sx={{ fontWeight: 600, fontSize: '1rem', overflowWrap: 'anywhere' }}>
        {rubric.title}
      </Typography>
      <Typography
        variant="body2"
        color="text.secondary"
        sx={{ display: 'flex', alignItems: 'center', gap: 0.5, mt: 0.5, overflowWrap: 'anywhere' }}
      >
        <SchoolOutlined fontSize="small" aria-hidden />
        {t('rubrics.templateOf', { college: college.name })}
      </Typography>
      <Typography variant="body2" sx={{ mt: 1, overflowWrap: 'anywhere' }}>
        {rubric.description}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1.5, alignItems: 'center' }}>
        <Button
          size="small"
          onClick={() => setOpen((value) => !value)}
          aria-expanded={open}
          aria-controls={previewId}
          aria-label={t(open ? 'rubrics.hideGridOf' : 'rubrics.showGridOf', { title: rubric.title })}
          endIcon={<ExpandIcon open={open} />}
        >
          {t(open ? 'rubrics.hideGrid' : 'rubrics.showGrid')}
        </Button>
        <Button
          size="small"
          variant="contained"
          startIcon={<ContentCopyOutlined />}
          disabled={disabled}
          loading={copying}
          aria-label={t('rubrics.copyTemplateOf', { title: rubric.title })}
          onClick={() => void onCopy(template)}
          sx={{ ml: { sm: 'auto' } }}
        >
          {t('rubrics.copyTemplate')}
        </Button>
      </Box>
      <Box id={previewId}>
        <Collapse in={open} timeout="auto" unmountOnExit>
          <RubricPreview rubric={rubric} stacked={stacked} />
        </Collapse>
      </Box>
    </Paper>
  );
});
