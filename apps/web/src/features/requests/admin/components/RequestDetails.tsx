import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { gradeLabel, roleDisplayNames } from '@fics/contracts';
import {
  formatRequestDate,
  isChangeRequest,
  requestedCollege,
  requestedGrade,
  statusLabel,
  type AdminRequest,
} from '../request-text';

export interface DetailItem {
  label: string;
  value: ReactNode;
  /** A note under the value ('Este curso no está registrado'). */
  note?: string;
}

/** Label and value pairs, two columns when there is room. */
export function DetailList({ items }: { items: DetailItem[] }) {
  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' },
        columnGap: 3,
        rowGap: 1.5,
        m: 0,
      }}
    >
      {items.map((item) => (
        <Box key={item.label} sx={{ minWidth: 0 }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {item.label}
          </Typography>
          <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
            {item.value}
          </Typography>
          {item.note ? (
            <Typography variant="body2" color="warning.dark" sx={{ fontStyle: 'italic' }}>
              {item.note}
            </Typography>
          ) : null}
        </Box>
      ))}
    </Box>
  );
}

/** The school and grade asked for, each with a note when it is not registered. */
function usePlacementItems(request: AdminRequest): DetailItem[] {
  const { t } = useTranslation();
  const college = requestedCollege(request);
  const grade = requestedGrade(request);
  const changing = isChangeRequest(request);
  return [
    {
      label: changing ? t('requestsAdmin.requestedSchool') : t('requestsAdmin.school'),
      value: college.name || t('requestsAdmin.none'),
      note: college.listed ? undefined : t('requestsAdmin.collegeNotListed'),
    },
    {
      label: changing ? t('requestsAdmin.requestedGrade') : t('requestsAdmin.grade'),
      value: grade.name || t('requestsAdmin.none'),
      note: grade.listed ? undefined : t('requestsAdmin.gradeNotListed'),
    },
  ];
}

/** Spec 000 §2: the panel a pending row expands into. */
export function PendingRequestDetails({ request }: { request: AdminRequest }) {
  const { t } = useTranslation();
  const placement = usePlacementItems(request);
  if (isChangeRequest(request)) {
    const currentCollege = request.userId.collegeId[0];
    const currentGrade = request.userId.gradeId[0];
    return (
      <DetailList
        items={[
          { label: t('requestsAdmin.currentSchool'), value: currentCollege?.name ?? t('requestsAdmin.none') },
          {
            label: t('requestsAdmin.currentGrade'),
            value: currentGrade ? gradeLabel(currentGrade) : t('requestsAdmin.none'),
          },
          ...placement,
          { label: t('requestsAdmin.explanation'), value: request.studentExplanation },
        ]}
      />
    );
  }
  return (
    <DetailList
      items={[
        { label: t('requestsAdmin.email'), value: request.email },
        {
          label: t('requestsAdmin.requestedRole'),
          value: roleDisplayNames[request.role.name] ?? request.role.displayName,
        },
        ...placement,
        { label: t('requestsAdmin.userComment'), value: request.userComment || t('requestsAdmin.noComment') },
      ]}
    />
  );
}

/** Spec 000 §2: what a handled request asked for and the administrator's answer. */
export function HandledRequestDetails({ request }: { request: AdminRequest }) {
  const { t } = useTranslation();
  const placement = usePlacementItems(request);
  const changing = isChangeRequest(request);
  const assigned: DetailItem[] =
    request.status === 'APPROVED'
      ? [
          {
            label: t('requestsAdmin.assignedSchool'),
            value: request.collegeId?.name ?? t('requestsAdmin.none'),
          },
          {
            label: t('requestsAdmin.assignedGrade'),
            value: request.gradeId ? gradeLabel(request.gradeId) : t('requestsAdmin.none'),
          },
        ]
      : [];
  return (
    <Box sx={{ display: 'grid', gap: 2.5 }}>
      <DetailList
        items={[
          {
            label: changing ? t('requestsAdmin.student') : t('requestsAdmin.user'),
            value: changing ? request.userId.name : (request.formerName ?? request.name),
          },
          ...(changing ? [] : [{ label: t('requestsAdmin.email'), value: request.email }]),
          { label: t('requestsAdmin.date'), value: formatRequestDate(request.date) },
          ...placement,
          changing
            ? { label: t('requestsAdmin.explanation'), value: request.studentExplanation }
            : {
                label: t('requestsAdmin.userComment'),
                value: request.userComment || t('requestsAdmin.noComment'),
              },
        ]}
      />
      <Box>
        <Typography variant="h3" component="h3" sx={{ mb: 1.5 }}>
          {t('requestsAdmin.response')}
        </Typography>
        <DetailList
          items={[
            { label: t('requestsAdmin.handledBy'), value: request.adminId?.name ?? '' },
            { label: t('requestsAdmin.handledAt'), value: formatRequestDate(request.updatedAt) },
            { label: t('requestsAdmin.status'), value: statusLabel(request.status) },
            ...assigned,
            {
              label: t('requestsAdmin.adminComments'),
              value: request.adminComments || t('requestsAdmin.noComments'),
            },
          ]}
        />
      </Box>
    </Box>
  );
}
