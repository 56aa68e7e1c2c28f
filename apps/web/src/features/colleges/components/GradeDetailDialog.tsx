import { useId } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CloseIcon from '#icons/Close';
import GroupAddOutlined from '#icons/GroupAddOutlined';
import ListAltOutlined from '#icons/ListAltOutlined';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { gradeLabel, type GradeDetail } from '@fics/contracts';
import { useRoleId } from '../../../lib/resources';
import type { UsersPageState } from '../../users';

interface GradeDetailDialogProps {
  open: boolean;
  collegeId: string;
  grade: GradeDetail | null;
  onClose: () => void;
}

/**
 * Spec 000 §2 School view: a grade's teachers and student count, with ways into the user list
 * (/usuarios) filtered by this school, grade and role.
 */
export function GradeDetailDialog({ open, collegeId, grade, onClose }: GradeDetailDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const navigate = useNavigate();
  const teacherRoleId = useRoleId('TEACHER');
  const studentRoleId = useRoleId('STUDENT');

  if (!grade) {
    return null;
  }
  const toUsers = (state: UsersPageState) => void navigate('/usuarios', { state });

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId} sx={{ pr: 7 }}>
        {gradeLabel(grade)}
      </DialogTitle>
      <IconButton
        aria-label={t('common.close')}
        onClick={onClose}
        sx={{ position: 'absolute', right: 12, top: 12 }}
      >
        <CloseIcon />
      </IconButton>
      <DialogContent>
        <Typography variant="h3" component="h3" sx={{ fontSize: '1.1rem' }}>
          {t('colleges.teachers')}
        </Typography>
        {grade.teachers.length === 0 ? (
          <Typography color="text.secondary" sx={{ py: 2 }}>
            {t('colleges.noTeachers')}
          </Typography>
        ) : (
          <List aria-label={t('colleges.teachers')} sx={{ py: 1 }}>
            {grade.teachers.map((teacher) => (
              <ListItem
                key={teacher._id}
                disableGutters
                sx={{ gap: 1, flexWrap: 'wrap' }}
                secondaryAction={
                  <Button
                    size="small"
                    variant="outlined"
                    aria-label={t('colleges.editTeacherAria', { name: teacher.name })}
                    disabled={!teacherRoleId}
                    onClick={() =>
                      teacherRoleId && toUsers({ collegeId, gradeId: grade._id, roleId: teacherRoleId })
                    }
                  >
                    {t('colleges.editTeacher')}
                  </Button>
                }
              >
                <ListItemText
                  primary={teacher.name}
                  secondary={teacher.email}
                  sx={{ pr: 10, overflowWrap: 'anywhere' }}
                />
              </ListItem>
            ))}
          </List>
        )}
        <Divider sx={{ my: 2 }} />
        <Typography variant="h3" component="h3" sx={{ fontSize: '1.1rem' }}>
          {t('colleges.students')}
        </Typography>
        <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1, py: 1.5 }}>
          <Typography color="text.secondary">{t('colleges.studentsEnrolled')}:</Typography>
          <Typography sx={{ fontWeight: 700, fontSize: '1.25rem' }} data-testid="students-count">
            {grade.studentsCount}
          </Typography>
        </Box>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ pb: 1 }}>
          <Button
            variant="outlined"
            startIcon={<ListAltOutlined />}
            disabled={!studentRoleId}
            onClick={() => studentRoleId && toUsers({ collegeId, gradeId: grade._id, roleId: studentRoleId })}
          >
            {t('colleges.viewList')}
          </Button>
          <Button
            variant="contained"
            startIcon={<GroupAddOutlined />}
            disabled={!studentRoleId}
            onClick={() =>
              studentRoleId &&
              toUsers({ collegeId, gradeId: grade._id, roleId: studentRoleId, openCreate: true })
            }
          >
            {t('colleges.addStudents')}
          </Button>
        </Stack>
      </DialogContent>
    </Dialog>
  );
}
