import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CheckCircleOutlined from '#icons/CheckCircleOutlined';
import DoNotDisturbOnOutlined from '#icons/DoNotDisturbOnOutlined';
import { useTranslation } from 'react-i18next';
import { approvalDecisionLabels, commentModerationMessages, type ApprovalDecision } from '@fics/contracts';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { useToast } from '../../../components/toast';
import { isApiError } from '../../../lib/api-client';
import { useDecideHeld, type HeldTarget } from '../api';

interface ApprovalButtonsProps {
  held: HeldTarget;
  /** Who wrote it: the buttons' accessible names say whose comment they decide on. */
  writerName: string;
}

/**
 * 'Aprobar' / 'Rechazar' on a comment or reply held for approval (issue 21.5-6), for those who may
 * decide (the item's `permissions.canApprove`, or the 'Por aprobar' list). 'Rechazar' deletes it,
 * so it asks first. Whoever comes second (409: someone decided first) is told so; the lists are read
 * again either way.
 */
export function ApprovalButtons({ held, writerName }: ApprovalButtonsProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const decide = useDecideHeld();
  const [confirming, setConfirming] = useState(false);
  const reply = held.target === 'REPLY';

  const send = (decision: ApprovalDecision) =>
    decide.mutate(
      { ...held, decision },
      {
        onSuccess: (answer) => toast.success(answer.message),
        onError: (error) => {
          if (isApiError(error) && (error.status === 409 || error.status === 404)) {
            toast.info(error.message || commentModerationMessages.alreadySettled);
          } else {
            toast.error(isApiError(error) && error.status === 403 ? error.message : t('errors.generic'));
          }
        },
        onSettled: () => setConfirming(false),
      },
    );

  return (
    <>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        <Button
          size="small"
          variant="contained"
          color="success"
          startIcon={<CheckCircleOutlined />}
          disabled={decide.isPending}
          onClick={() => send('APPROVE')}
          aria-label={t(reply ? 'moderation.approveReply' : 'moderation.approveComment', {
            name: writerName,
          })}
        >
          {approvalDecisionLabels.APPROVE}
        </Button>
        <Button
          size="small"
          variant="outlined"
          color="error"
          startIcon={<DoNotDisturbOnOutlined />}
          disabled={decide.isPending}
          onClick={() => setConfirming(true)}
          aria-label={t(reply ? 'moderation.rejectReply' : 'moderation.rejectComment', { name: writerName })}
          // The brand red is too light for text on white (theme.ts): its dark shade.
          sx={{ color: 'error.dark' }}
        >
          {approvalDecisionLabels.REJECT}
        </Button>
      </Box>
      <ConfirmDialog
        open={confirming}
        title={t('moderation.rejectTitle')}
        message={t('moderation.rejectText')}
        confirmLabel={approvalDecisionLabels.REJECT}
        pending={decide.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={() => send('REJECT')}
      />
    </>
  );
}
