import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  securityIncidentDataCategoryLabels,
  securityIncidentNatureLabels,
  securityIncidentStatusLabels,
  securityIncidentTexts as texts,
  type SecurityIncident,
} from '@fics/contracts';
import { formatCount } from '../../../components/PageControls';
import { momentText } from './incident-dates';

/** A labelled line of the card: the label in bold, then the value (wrapping long texts). */
function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Typography variant="body2" sx={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
      <Box component="span" sx={{ fontWeight: 600 }}>
        {label}:
      </Box>{' '}
      {children}
    </Typography>
  );
}

/**
 * One incident of the register: its nature and status, the warning when children's data are
 * involved and the people were not told (the law asks to tell them directly), what happened, the
 * data and people, the measures, the two notices, and who recorded it. `action`: 'Editar'.
 */
export function SecurityIncidentCard({
  incident,
  action,
}: {
  incident: SecurityIncident;
  action?: ReactNode;
}) {
  const people = `${formatCount(incident.affectedCount)}${incident.affectedDescription ? ` (${incident.affectedDescription})` : ''}`;
  return (
    <Paper variant="outlined" component="article" sx={{ p: { xs: 2, md: 2.5 } }}>
      <Stack spacing={1.5}>
        <Box
          sx={{
            display: 'flex',
            gap: 1,
            flexWrap: 'wrap',
            alignItems: 'center',
            justifyContent: 'space-between',
          }}
        >
          <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
            {securityIncidentNatureLabels[incident.nature]}
          </Typography>
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <Chip
              size="small"
              color={incident.status === 'OPEN' ? 'warning' : 'success'}
              label={securityIncidentStatusLabels[incident.status]}
            />
            {incident.childrenData ? (
              <Chip size="small" color="info" variant="outlined" label={texts.childrenChip} />
            ) : null}
          </Stack>
        </Box>
        {incident.childrenNoticePending ? (
          <Alert severity="error" variant="filled">
            {texts.childrenWarning}
          </Alert>
        ) : null}
        <Typography variant="body2" color="text.secondary">
          {texts.occurred}: {momentText(incident.occurredAt)} · {texts.detected}:{' '}
          {momentText(incident.detectedAt)}
          {incident.closedAt ? ` · ${texts.closedOn}: ${momentText(incident.closedAt)}` : ''}
        </Typography>
        <Field label={texts.what}>{incident.description}</Field>
        <Field label={texts.categories}>
          {incident.dataCategories.map((category) => securityIncidentDataCategoryLabels[category]).join(', ')}
        </Field>
        <Field label={texts.affected}>{people}</Field>
        <Field label={texts.measures}>{incident.measures}</Field>
        <Field label={texts.subjectsNotice}>
          {incident.subjectsNotifiedAt
            ? `${texts.toldOn(momentText(incident.subjectsNotifiedAt))} (${incident.subjectsNoticeMethod ?? ''})`
            : texts.notToldYet}
        </Field>
        <Field label={texts.agencyNotice}>
          {incident.agencyNotifiedAt ? texts.toldOn(momentText(incident.agencyNotifiedAt)) : texts.notToldYet}
        </Field>
        <Box
          sx={{
            display: 'flex',
            gap: 1,
            flexWrap: 'wrap',
            alignItems: 'center',
            justifyContent: 'space-between',
          }}
        >
          <Typography variant="caption" color="text.secondary">
            {incident.recordedBy ? texts.recordedBy(incident.recordedBy.name) : texts.recordedByGone}
          </Typography>
          {action}
        </Box>
      </Stack>
    </Paper>
  );
}
