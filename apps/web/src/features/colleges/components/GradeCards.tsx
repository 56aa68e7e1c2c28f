import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddCircleOutline from '#icons/AddCircleOutlineOutlined';
import DeleteOutline from '#icons/DeleteOutlined';
import EditOutlined from '#icons/EditOutlined';
import { useTranslation } from 'react-i18next';
import { gradeLabel, type GradeDetail } from '@fics/contracts';

/** Spec 000 §9: the grade loading skeleton shows 8 placeholders. */
export const GRADE_SKELETON_COUNT = 8;

const CARD_MIN_HEIGHT = 176;

/** The responsive grid the grade cards (and their skeleton) sit in. */
export function GradeGrid({ children, label }: { children: ReactNode; label?: string }) {
  return (
    <Box
      component="ul"
      aria-label={label}
      sx={{
        listStyle: 'none',
        m: 0,
        p: 0,
        display: 'grid',
        gap: 2,
        gridTemplateColumns: {
          xs: '1fr',
          sm: 'repeat(2, minmax(0, 1fr))',
          md: 'repeat(3, minmax(0, 1fr))',
          lg: 'repeat(4, minmax(0, 1fr))',
        },
      }}
    >
      {children}
    </Box>
  );
}

export function GradeCardsSkeleton() {
  const { t } = useTranslation();
  return (
    <Box role="status" aria-busy aria-label={t('common.loading')}>
      <GradeGrid>
        {Array.from({ length: GRADE_SKELETON_COUNT }, (_, index) => (
          <Box component="li" key={index}>
            <Skeleton variant="rounded" height={CARD_MIN_HEIGHT} data-testid="grade-skeleton" />
          </Box>
        ))}
      </GradeGrid>
    </Box>
  );
}

/** The first card: 'Crear nueva sección' opens the grade create dialog. */
export function NewGradeCard({ onClick }: { onClick: () => void }) {
  const { t } = useTranslation();
  return (
    <Box component="li">
      <Card
        variant="outlined"
        sx={{ height: '100%', borderStyle: 'dashed', borderWidth: 2, borderColor: 'primary.main' }}
      >
        <CardActionArea
          onClick={onClick}
          aria-haspopup="dialog"
          sx={{
            height: '100%',
            minHeight: CARD_MIN_HEIGHT,
            display: 'flex',
            flexDirection: 'column',
            gap: 1,
            color: 'primary.dark',
          }}
        >
          <AddCircleOutline aria-hidden sx={{ fontSize: 44 }} />
          <Typography component="span" sx={{ fontWeight: 700 }}>
            {t('colleges.newGrade')}
          </Typography>
        </CardActionArea>
      </Card>
    </Box>
  );
}

interface GradeCardProps {
  grade: GradeDetail;
  onOpen: () => void;
  onEdit: () => void;
  onDelete: () => void;
}

/** One grade: its title, how many teachers, students and fics it has, and its actions. */
export function GradeCard({ grade, onOpen, onEdit, onDelete }: GradeCardProps) {
  const { t } = useTranslation();
  const label = gradeLabel(grade);
  const stats = [
    { label: t('colleges.teachers'), value: grade.teachersCount },
    { label: t('colleges.students'), value: grade.studentsCount },
    { label: t('colleges.stories'), value: grade.storiesCount },
  ];
  return (
    <Box component="li" aria-label={label}>
      <Card
        variant="outlined"
        sx={{
          position: 'relative',
          height: '100%',
          display: 'flex',
          flexDirection: 'column',
          transition: 'border-color 150ms, box-shadow 150ms',
          '&:hover': { borderColor: 'primary.main', boxShadow: 2 },
          '&:focus-within': { borderColor: 'primary.main' },
        }}
      >
        <CardContent sx={{ flexGrow: 1 }}>
          <Typography variant="h3" component="h3" sx={{ fontSize: '1.15rem', overflowWrap: 'anywhere' }}>
            {/* The title's button covers the whole card, so a click anywhere opens the detail. */}
            <ButtonBase
              onClick={onOpen}
              aria-haspopup="dialog"
              aria-label={t('colleges.openGradeAria', { name: label })}
              sx={{
                position: 'static',
                font: 'inherit',
                color: 'inherit',
                textAlign: 'left',
                justifyContent: 'flex-start',
                '&::after': { content: '""', position: 'absolute', inset: 0, borderRadius: 'inherit' },
                '&.Mui-focusVisible::after': { outline: '3px solid', outlineColor: 'primary.main' },
              }}
            >
              {label}
            </ButtonBase>
          </Typography>
          <Box
            component="dl"
            sx={{ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: 1, m: 0, mt: 2 }}
          >
            {stats.map((stat) => (
              <Box
                key={stat.label}
                sx={{ display: 'flex', flexDirection: 'column-reverse', alignItems: 'center' }}
              >
                <Typography component="dt" variant="body2" color="text.secondary">
                  {stat.label}
                </Typography>
                <Typography
                  component="dd"
                  sx={{ m: 0, fontSize: '1.5rem', fontWeight: 700, color: 'primary.dark' }}
                >
                  {stat.value}
                </Typography>
              </Box>
            ))}
          </Box>
        </CardContent>
        <CardActions sx={{ justifyContent: 'flex-end', pt: 0, position: 'relative', zIndex: 1 }}>
          <Tooltip title={t('colleges.edit')}>
            <IconButton aria-label={t('colleges.editGradeAria', { name: label })} onClick={onEdit}>
              <EditOutlined />
            </IconButton>
          </Tooltip>
          <Tooltip title={t('colleges.delete')}>
            <IconButton
              aria-label={t('colleges.deleteGradeAria', { name: label })}
              onClick={onDelete}
              sx={{ color: 'error.dark' }}
            >
              <DeleteOutline />
            </IconButton>
          </Tooltip>
        </CardActions>
      </Card>
    </Box>
  );
}
