import { useEffect, useId, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { ChangeRequest, RegisterRequest } from '@fics/contracts';
import { ConfirmDialog } from '../../../../components/ConfirmDialog';
import { LeavePageGuard } from '../../../../components/LeavePageGuard';
import { useToast } from '../../../../components/toast';
import { CollegeForm, GradeForm, useDeleteCollege, useDeleteGrade } from '../../../colleges';
import { requesterName, type AdminRequest } from '../request-text';
import type { RequestKind } from '../action-outcome';
import {
  ChangeApproveForm,
  RegisterApproveForm,
  type ApproveOutcome,
  type PlacementDefaults,
} from './ApproveForms';
import { PendingRequestDetails } from './RequestDetails';

/** What the request names that is not registered yet: the wizard creates it first. */
export function missingPlacement(request: AdminRequest): { college: boolean; grade: boolean } {
  const grade = !request.isGradeListed || !request.gradeId;
  // A grade must be created in some school: one the request typed, or a listed one deleted since.
  const college = !request.isCollegeListed || (grade && !request.collegeId);
  return { college, grade: grade || college };
}

/**
 * The grade form's starting values: the parts the request typed (`requestedGrade`), or, for an
 * older answer without them, the joined name's words (level, cycle, then the name).
 */
export function gradeDefaults(request: AdminRequest): { cicle: string; level: string; name: string } {
  if (request.requestedGrade) {
    return { ...request.requestedGrade };
  }
  const [level = '', cicle = '', ...rest] = (request.gradeName ?? '').split(' ');
  return { level, cicle, name: rest.join(' ') };
}

function ApproveForm({
  kind,
  request,
  defaults,
  onCancel,
  onFinished,
}: {
  kind: RequestKind;
  request: AdminRequest;
  defaults?: PlacementDefaults;
  onCancel: () => void;
  onFinished: (outcome: ApproveOutcome) => void;
}) {
  return kind === 'change' ? (
    <ChangeApproveForm
      request={request as ChangeRequest}
      defaults={defaults}
      onCancel={onCancel}
      onFinished={onFinished}
    />
  ) : (
    <RegisterApproveForm
      request={request as RegisterRequest}
      defaults={defaults}
      onCancel={onCancel}
      onFinished={onFinished}
    />
  );
}

interface ApproveFlowProps {
  kind: RequestKind;
  request: AdminRequest;
  onClose: () => void;
}

/**
 * Spec 000 §2 Approve flow: the approve dialog when the school and grade exist; otherwise the
 * 'Aviso' notice, then the wizard that creates them. Mounted per request (keyed by its id).
 */
export function ApproveFlow({ kind, request, onClose }: ApproveFlowProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const missing = missingPlacement(request);
  const [phase, setPhase] = useState<'notice' | 'wizard' | 'dialog'>(missing.grade ? 'notice' : 'dialog');
  const name = requesterName(request);

  if (phase === 'notice') {
    return (
      <ConfirmDialog
        open
        title={t('requestsAdmin.noticeTitle')}
        message={missing.college ? t('requestsAdmin.noticeBoth') : t('requestsAdmin.noticeGrade')}
        confirmLabel={t('requestsAdmin.continue')}
        destructive={false}
        onClose={onClose}
        onConfirm={() => setPhase('wizard')}
      />
    );
  }
  if (phase === 'wizard') {
    return <ApproveWizard kind={kind} request={request} createCollege={missing.college} onClose={onClose} />;
  }
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>
        {kind === 'change'
          ? t('requestsAdmin.approveTitle', { name })
          : t('requestsAdmin.approveAccountTitle', { name })}
      </DialogTitle>
      <ApproveForm kind={kind} request={request} onCancel={onClose} onFinished={onClose} />
    </Dialog>
  );
}

type StepName = 'college' | 'grade' | 'approve';

const stepLabels = {
  college: 'requestsAdmin.stepCollege',
  grade: 'requestsAdmin.stepGrade',
  approve: 'requestsAdmin.stepApprove',
} as const;

/**
 * Spec 000 §2 Approve flow, §4 Approve wizard: 'Crear Establecimiento' (when the school is not
 * listed), 'Crear Curso', 'Atender Solicitud', under a summary of the request. Closing it without
 * approving (cancel, a 409, leaving the page) deletes the school and grade it created.
 */
function ApproveWizard({
  kind,
  request,
  createCollege,
  onClose,
}: {
  kind: RequestKind;
  request: AdminRequest;
  createCollege: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const titleId = useId();
  const steps: StepName[] = createCollege ? ['college', 'grade', 'approve'] : ['grade', 'approve'];
  const [step, setStep] = useState(0);
  const [collegeId, setCollegeId] = useState(createCollege ? '' : (request.collegeId?._id ?? ''));
  const [gradeId, setGradeId] = useState('');
  const deleteCollege = useDeleteCollege();
  const deleteGrade = useDeleteGrade(collegeId);

  // What this wizard created and must delete if it closes without approving.
  const created = useRef<{ collegeId?: string; gradeId?: string }>({});
  const rollback = async () => {
    const { collegeId: newCollege, gradeId: newGrade } = created.current;
    created.current = {};
    try {
      if (newGrade) {
        await deleteGrade.mutateAsync(newGrade);
      }
      if (newCollege) {
        await deleteCollege.mutateAsync(newCollege);
      }
    } catch {
      toast.error(t('requestsAdmin.rollbackFailed'));
    }
  };
  // Leaving the page (confirmed in LeavePageGuard's dialog) unmounts the wizard: roll back then too.
  const rollbackRef = useRef(rollback);
  useEffect(() => {
    rollbackRef.current = rollback;
  });
  useEffect(() => () => void rollbackRef.current(), []);

  const close = () => {
    void rollback();
    onClose();
  };
  const finished = (outcome: ApproveOutcome) => {
    if (outcome === 'approved') {
      created.current = {};
    }
    close();
  };
  const current = steps[step] ?? 'approve';

  return (
    // Tall (summary and a form): the whole dialog scrolls with the page rather than in two boxes.
    <Dialog open onClose={close} aria-labelledby={titleId} fullWidth maxWidth="md" scroll="body">
      <LeavePageGuard when message={t('requestsAdmin.leaveWizard')} />
      <DialogTitle id={titleId}>
        {t('requestsAdmin.wizardTitle', { name: requesterName(request) })}
      </DialogTitle>
      <DialogContent sx={{ pb: 0 }}>
        <Stepper activeStep={step} alternativeLabel sx={{ mb: 2.5 }}>
          {steps.map((name) => (
            <Step key={name}>
              <StepLabel>{t(stepLabels[name])}</StepLabel>
            </Step>
          ))}
        </Stepper>
        <Box
          component="section"
          aria-label={t('requestsAdmin.summaryTitle')}
          sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2, bgcolor: 'action.hover' }}
        >
          <Typography variant="h3" component="h3" sx={{ mb: 1.5 }}>
            {t('requestsAdmin.summaryTitle')}
          </Typography>
          <PendingRequestDetails request={request} />
        </Box>
        <Typography variant="h3" component="h3" sx={{ mt: 2.5 }}>
          {t(stepLabels[current])}
        </Typography>
      </DialogContent>
      {current === 'college' ? (
        <CollegeForm
          college={null}
          defaults={{ name: request.collegeName ?? '' }}
          onClose={close}
          onSaved={(college) => {
            created.current.collegeId = college._id;
            setCollegeId(college._id);
            setStep((n) => n + 1);
          }}
        />
      ) : current === 'grade' ? (
        <GradeForm
          collegeId={collegeId}
          grade={null}
          defaults={gradeDefaults(request)}
          onClose={close}
          onSaved={(grade) => {
            created.current.gradeId = grade._id;
            setGradeId(grade._id);
            setStep((n) => n + 1);
          }}
        />
      ) : (
        <ApproveForm
          kind={kind}
          request={request}
          defaults={{ collegeId, gradeId }}
          onCancel={close}
          onFinished={finished}
        />
      )}
    </Dialog>
  );
}
