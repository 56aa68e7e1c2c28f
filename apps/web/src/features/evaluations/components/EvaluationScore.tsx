import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/** 'Puntaje: 7 / 9', prominent; `live` announces changes while the teacher checks cells. */
export function EvaluationScore({
  score,
  max,
  live = false,
}: {
  score: number;
  max: number;
  live?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Typography
      variant="h3"
      component="p"
      aria-live={live ? 'polite' : undefined}
      sx={{ color: 'primary.dark', fontWeight: 700 }}
    >
      {t('evaluations.score', { score, max })}
    </Typography>
  );
}
