import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import { storyMessages, type ReviewStoryRow } from '@fics/contracts';

/**
 * The Alumno of a review list row (spec 001 §2): the student's name; for an anonymous or
 * pseudonymous fic whose author this teacher may not see (`student` null), its pseudonym or
 * 'Anónimo', muted; and when the evaluator does see the real name of such a fic, a marker saying how
 * everyone else sees it.
 */
export function StudentName({
  row,
}: {
  row: Pick<ReviewStoryRow, 'student' | 'anonymity' | 'nicknameValue'>;
}) {
  const { t } = useTranslation();
  const pseudonym = row.nicknameValue ? t('review.pseudonym', { name: row.nicknameValue }) : null;
  if (row.student === null) {
    return (
      <Box component="span" sx={{ color: 'text.secondary', fontStyle: 'italic', overflowWrap: 'anywhere' }}>
        {pseudonym ?? storyMessages.anonymous}
      </Box>
    );
  }
  const marker = row.anonymity ? t('review.anonymousMarker') : pseudonym;
  return (
    <Box
      component="span"
      sx={{ display: 'inline-flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 0.75, rowGap: 0.5 }}
    >
      <Box component="span" sx={{ overflowWrap: 'anywhere' }}>
        {row.student}
      </Box>
      {marker ? (
        <Chip
          label={marker}
          size="small"
          variant="outlined"
          sx={{ height: 22, color: 'text.secondary', '& .MuiChip-label': { px: 0.75 } }}
        />
      ) : null}
    </Box>
  );
}
