import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { privacyRequestStatusLabels, privacyRequestTypeLabels, type PrivacyRequest } from '@fics/contracts';
import { dayText, dueDateText } from './privacy-dates';

const statusColor = {
  PENDING: 'default',
  EXTENDED: 'info',
  DONE: 'success',
  REFUSED: 'warning',
} as const;

/** Its status, and while open 'Vencida' or 'Vence pronto' (the API decides both). */
export function PrivacyStatusChips({ request }: { request: PrivacyRequest }) {
  const { t } = useTranslation();
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
      <Chip
        size="small"
        color={statusColor[request.status]}
        label={privacyRequestStatusLabels[request.status]}
      />
      {request.overdue ? <Chip size="small" color="error" label={t('privacyRequests.overdue')} /> : null}
      {request.dueSoon ? (
        <Chip size="small" color="warning" variant="outlined" label={t('privacyRequests.dueSoon')} />
      ) : null}
    </Stack>
  );
}

/**
 * One request as its requester and the administrators read it: the right, status and due date,
 * what was asked, and the answer or the extension's reason. `header` (the queue): who asked and
 * where the answer goes; `action`: the queue's 'Responder'.
 */
export function PrivacyRequestCard({
  request,
  header,
  action,
}: {
  request: PrivacyRequest;
  header?: ReactNode;
  action?: ReactNode;
}) {
  const { t } = useTranslation();
  const open = request.status === 'PENDING' || request.status === 'EXTENDED';
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
            {privacyRequestTypeLabels[request.type]}
          </Typography>
          <PrivacyStatusChips request={request} />
        </Box>
        {header}
        <Typography variant="body2" color="text.secondary">
          {t('privacyRequests.sentOn', { date: dayText(request.confirmedAt) })}
          {' · '}
          <Box
            component="span"
            sx={{
              color: open && request.overdue ? 'error.main' : undefined,
              fontWeight: open ? 600 : undefined,
            }}
          >
            {t('privacyRequests.dueOn', { date: dueDateText(request.dueAt) })}
          </Box>
          {request.answeredAt
            ? ` · ${t('privacyRequests.answeredOn', { date: dayText(request.answeredAt) })}`
            : ''}
        </Typography>
        <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{request.detail}</Typography>
        {request.extensionReason ? (
          <Box>
            <Typography variant="subtitle2">{t('privacyRequests.extensionReason')}</Typography>
            <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {request.extensionReason}
            </Typography>
          </Box>
        ) : null}
        {request.answer ? (
          <Box>
            <Typography variant="subtitle2">{t('privacyRequests.answer')}</Typography>
            <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {request.answer}
            </Typography>
          </Box>
        ) : null}
        {action ? <Box>{action}</Box> : null}
      </Stack>
    </Paper>
  );
}
