import { useId, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { evaluationLimits } from '@fics/contracts';
import { CountedHelperText } from '../../../components/CountedHelperText';
import { visuallyHidden } from '../../../components/visually-hidden';

interface CriterionCommentFieldProps {
  criterion: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  disabled: boolean;
  /** Buttons at the field's end ('Mis comentarios': pick one, save this one). */
  actions?: ReactNode;
}

/** The teacher's optional comment on one criterion, with a counter like the evaluation's comment. */
export function CriterionCommentField({
  criterion,
  value,
  onChange,
  error,
  disabled,
  actions,
}: CriterionCommentFieldProps) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <TextField
      id={id}
      size="small"
      // The visible label is the accessible name: it names the criterion (rows may look alike).
      label={t('evaluations.criterionComment', { criterion })}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      multiline
      minRows={1}
      maxRows={4}
      disabled={disabled}
      error={Boolean(error)}
      helperText={
        <CountedHelperText message={error} count={value.length} max={evaluationLimits.criterionCommentMax} />
      }
      fullWidth
      slotProps={
        actions
          ? {
              input: {
                endAdornment: (
                  <InputAdornment position="end" sx={{ alignSelf: 'flex-start', mt: 0.5 }}>
                    {actions}
                  </InputAdornment>
                ),
              },
            }
          : undefined
      }
    />
  );
}

/** A criterion's comment as the student reads it, under the criterion's levels and score. */
export function CriterionCommentText({ criterion, value }: { criterion: string; value: string }) {
  const { t } = useTranslation();
  return (
    <Box
      sx={{
        borderLeft: 3,
        borderColor: 'primary.main',
        pl: 1.5,
        py: 0.5,
        bgcolor: 'grey.50',
        borderRadius: 0.5,
      }}
    >
      <Typography variant="body2" sx={{ fontWeight: 600 }} aria-hidden>
        {t('evaluations.criterionCommentShortRead')}
      </Typography>
      <Typography variant="body2" sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
        <Box component="span" sx={visuallyHidden}>
          {`${t('evaluations.criterionCommentRead', { criterion })}: `}
        </Box>
        {value}
      </Typography>
    </Box>
  );
}
