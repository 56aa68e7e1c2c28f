import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { Evaluation } from '@fics/contracts';
import { RubricGrid } from '../../rubrics';
import { formatStoryDate } from '../../stories';
import { CriterionCommentText } from './CriterionComment';
import { EvaluationScore } from './EvaluationScore';
import { useGridLayout } from './use-grid-layout';

/**
 * An evaluation to read (spec 001 §6: the student sees theirs read-only, with the score and the
 * teacher's comment): the score first, the comment, who wrote it and when, then the grid with its checks
 * and each criterion's comment under its row.
 */
export function EvaluationSummary({ evaluation }: { evaluation: Evaluation }) {
  const { t } = useTranslation();
  const gridLayout = useGridLayout();
  const date = formatStoryDate(evaluation.updatedAt);
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2.5 }}>
      <EvaluationScore score={evaluation.score} max={evaluation.maxScore} />
      <Paper variant="outlined" sx={{ p: 2, bgcolor: 'grey.50' }}>
        <Typography variant="subtitle2" component="h3" sx={{ mb: 0.5 }}>
          {t('evaluations.teacherComment')}
        </Typography>
        <Typography
          sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}
          color={evaluation.comment ? 'text.primary' : 'text.secondary'}
        >
          {evaluation.comment || t('evaluations.noComment')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {evaluation.teacher
            ? t('evaluations.evaluatedBy', { name: evaluation.teacher.name, date })
            : t('evaluations.evaluatedOn', { date })}
        </Typography>
      </Paper>
      <RubricGrid
        columns={evaluation.columns}
        items={evaluation.items}
        label={t('evaluations.gridLabel')}
        layout={gridLayout}
        rowExtra={(rowIndex, criterion) => {
          const comment = evaluation.criterionComments[rowIndex];
          return comment ? <CriterionCommentText criterion={criterion} value={comment} /> : null;
        }}
      />
    </Box>
  );
}
