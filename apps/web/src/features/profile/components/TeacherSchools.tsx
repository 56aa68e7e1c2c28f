import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import ExpandMore from '#icons/ExpandMore';
import SchoolOutlined from '#icons/SchoolOutlined';
import { useTranslation } from 'react-i18next';
import type { Inscription } from '@fics/contracts';

/** A teacher's assigned schools, each expanding to its grades (spec 000 §2 Profile, §3 inscriptionObject). */
export function TeacherSchools({ inscriptions }: { inscriptions: readonly Inscription[] }) {
  const { t } = useTranslation();
  if (inscriptions.length === 0) {
    return <Typography color="text.secondary">{t('profile.noSchools')}</Typography>;
  }
  return (
    <Box>
      {inscriptions.map((school) => (
        <Accordion key={school.collegeId} variant="outlined" disableGutters sx={{ '& + &': { mt: -0.125 } }}>
          <AccordionSummary
            expandIcon={<ExpandMore />}
            aria-controls={`grades-${school.collegeId}`}
            id={`school-${school.collegeId}`}
          >
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, minWidth: 0 }}>
              <SchoolOutlined sx={{ color: 'primary.dark' }} aria-hidden />
              <Box sx={{ minWidth: 0 }}>
                <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                  {school.collegeName}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {t('profile.gradesCount', { count: school.grades.length })}
                </Typography>
              </Box>
            </Box>
          </AccordionSummary>
          <AccordionDetails>
            {school.grades.length === 0 ? (
              <Typography color="text.secondary">{t('profile.noGrades')}</Typography>
            ) : (
              <Box
                component="ul"
                sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, listStyle: 'none', m: 0, p: 0 }}
              >
                {school.grades.map((grade) => (
                  <li key={grade.gradeId}>
                    <Chip label={grade.gradeName} variant="outlined" />
                  </li>
                ))}
              </Box>
            )}
          </AccordionDetails>
        </Accordion>
      ))}
    </Box>
  );
}
