import { useId, useMemo, useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import CloseIcon from '#icons/Close';
import { useTranslation } from 'react-i18next';
import { useErrorFocus } from '../../../components/error-focus';
import { serverFieldErrors } from '../../../components/form-errors';
import { FormError } from '../../../components/FormError';
import { PageLoader } from '../../../components/PageLoader';
import { useToast } from '../../../components/toast';
import { isApiError } from '../../../lib/api-client';
import { t as translate } from '../../../lib/i18n';
import { useColleges, useRoles } from '../../../lib/resources';
import { useCurrentUser } from '../../auth';
import { useBulkImport, type BulkImportRequest } from '../api';
import { usersFromItems, type EmailItem } from '../lib/email-list';
import { toImportRows, validateRows, type ImportRow } from '../lib/rows';
import { needsSchool, selectionErrors, type SelectionErrors } from '../lib/selection';
import { SelectionStep, type LoadedFile, type SelectionState } from './SelectionStep';
import { SummaryStep, type ImportOutcome } from './SummaryStep';
import { UsersStep } from './UsersStep';

export interface BulkImportDialogProps {
  open: boolean;
  onClose: () => void;
  /** Called when the wizard is left after the server answered (Finalizar, or closing): refetch the users. */
  onFinished: () => void;
}

type StepIndex = 0 | 1 | 2;

interface WizardState {
  step: StepIndex;
  selection: SelectionState;
  /** Step 1's errors are shown once 'Siguiente' was pressed, then kept up to date. */
  attempted: boolean;
  /** Field errors the server gave for role, school or grade; cleared when the user edits step 1. */
  serverErrors: SelectionErrors;
  rows: ImportRow[];
  /** The file or e-mail list `rows` were built from: rows edited in step 2 survive going back unchanged. */
  rowsFrom: LoadedFile | EmailItem[] | null;
}

const initialWizard: WizardState = {
  step: 0,
  selection: {
    roleId: '',
    collegeId: '',
    gradeId: '',
    source: 'excel',
    file: null,
    fileError: null,
    items: [],
  },
  attempted: false,
  serverErrors: {},
  rows: [],
  rowsFrom: null,
};

/** A server message about role, school or grade belongs under those fields in step 1. */
function selectionErrorsFrom(error: unknown): SelectionErrors | null {
  const found: SelectionErrors = serverFieldErrors(error, ['role', 'collegeId', 'gradeId'] as const);
  return Object.keys(found).length > 0 ? found : null;
}

/**
 * The inline text of a failed import: a refusal the user can act on (4xx) shows the server's Spanish
 * message; a network or server failure shows the spec's generic text (000 §8).
 */
function failureMessage(error: unknown): string {
  if (isApiError(error) && error.status >= 400 && error.status < 500) {
    const fieldMessage = error.errors ? Object.values(error.errors)[0] : undefined;
    return fieldMessage ?? error.message;
  }
  return translate('errors.genericInline');
}

/**
 * Bulk import wizard of the user list (spec 000 §2, §5): 'Selección de datos' → 'Información' →
 * 'Resumen'. 'Finalizar' resets it to the first step and calls onFinished; the parent decides whether
 * to close it too. Spreadsheets are read in the browser with SheetJS, loaded only when needed.
 */
export function BulkImportDialog({ open, onClose, onFinished }: BulkImportDialogProps) {
  const { t } = useTranslation();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  const toast = useToast();
  const { data: currentUser } = useCurrentUser();
  const teacher = currentUser?.role.name === 'TEACHER';
  const roles = useRoles({ enabled: open });
  const colleges = useColleges({ enabled: open });
  const importUsers = useBulkImport();
  const [wizard, setWizard] = useState<WizardState>(initialWizard);
  // Step 1's first error (the list's 'Hay errores en los correos listados' sits below the fold).
  const errorFocus = useErrorFocus<HTMLDivElement>();

  const collegeList = useMemo(() => colleges.data ?? [], [colleges.data]);
  const roleList = roles.data ?? [];

  // A teacher's role is fixed to student (spec 000 §2); with one school or one grade, it is preselected.
  const selection = useMemo<SelectionState>(() => {
    const chosen = wizard.selection;
    if (!teacher) {
      return chosen;
    }
    const studentRole = roles.data?.find((role) => role.name === 'STUDENT');
    const onlyCollege = collegeList.length === 1 ? collegeList[0] : undefined;
    const collegeId = chosen.collegeId || (onlyCollege?._id ?? '');
    const college = collegeList.find((c) => c._id === collegeId);
    const onlyGrade = college?.grades.length === 1 ? college.grades[0] : undefined;
    return {
      ...chosen,
      roleId: studentRole?._id ?? '',
      collegeId,
      gradeId: chosen.gradeId || (onlyGrade?._id ?? ''),
    };
  }, [wizard.selection, teacher, roles.data, collegeList]);

  const roleName = roleList.find((role) => role._id === selection.roleId)?.name ?? null;
  const liveErrors = selectionErrors({
    roleName,
    collegeId: selection.collegeId,
    gradeId: selection.gradeId,
    source: selection.source,
    fileRows: selection.file?.rows.length ?? null,
    items: selection.items,
  });
  // A red chip is flagged at once; the other messages wait for the first 'Siguiente'.
  const listFlag: SelectionErrors =
    selection.source === 'list' && selection.items.some((item) => !item.valid)
      ? { source: liveErrors.source }
      : {};
  const shownErrors: SelectionErrors = {
    ...(wizard.attempted ? liveErrors : listFlag),
    ...wizard.serverErrors,
  };

  const rowErrors = useMemo(() => validateRows(wizard.rows), [wizard.rows]);
  const canSubmit = wizard.rows.length > 0 && rowErrors.size === 0;

  const reset = () => {
    importUsers.reset();
    setWizard(initialWizard);
  };

  const changeSelection = (patch: Partial<SelectionState>) =>
    setWizard((current) => ({
      ...current,
      selection: { ...current.selection, ...patch },
      serverErrors: {},
    }));

  const goToUsers = () => {
    if (Object.keys(liveErrors).length > 0) {
      setWizard((current) => ({ ...current, attempted: true }));
      errorFocus.focusFirstError();
      return;
    }
    setWizard((current) => {
      const source = selection.source === 'excel' ? selection.file : selection.items;
      if (current.rowsFrom === source) {
        return { ...current, step: 1 };
      }
      const users =
        selection.source === 'excel' ? (selection.file?.rows ?? []) : usersFromItems(selection.items);
      return { ...current, step: 1, rows: toImportRows(users), rowsFrom: source };
    });
  };

  const submit = () => {
    const school = needsSchool(roleName);
    const body: BulkImportRequest = {
      role: selection.roleId,
      collegeId: school ? selection.collegeId : undefined,
      gradeId: school ? selection.gradeId : undefined,
      users: wizard.rows.map((row) =>
        row.birthYear.trim() === ''
          ? { name: row.name.trim(), email: row.email.trim() }
          : { name: row.name.trim(), email: row.email.trim(), birthYear: row.birthYear.trim() },
      ),
      isExcel: selection.source === 'excel',
      items: selection.source === 'list' ? selection.items.map((item) => item.value) : undefined,
    };
    setWizard((current) => ({ ...current, step: 2 }));
    importUsers.mutate(body, {
      onSuccess: (summary) => {
        if (summary.usersCreated > 0) {
          toast.success(t('bulkImport.success'));
        }
      },
      onError: (error) => {
        toast.error(t('errors.generic'));
        const fieldErrors = selectionErrorsFrom(error);
        if (fieldErrors) {
          importUsers.reset();
          setWizard((current) => ({ ...current, step: 0, serverErrors: fieldErrors }));
          errorFocus.focusFirstError();
        }
      },
    });
  };

  const outcome: ImportOutcome | null = importUsers.isPending
    ? { status: 'pending' }
    : importUsers.isError
      ? { status: 'failed', message: failureMessage(importUsers.error) }
      : importUsers.isSuccess
        ? { status: 'done', summary: importUsers.data }
        : null;

  const finish = () => {
    reset();
    onFinished();
  };

  const close = () => {
    if (importUsers.isPending) {
      return; // the import cannot be called back once sent; its answer must be seen
    }
    if (importUsers.isSuccess) {
      onFinished();
    }
    onClose();
  };

  const back = () => {
    if (wizard.step === 2) {
      importUsers.reset();
    }
    setWizard((current) => ({ ...current, step: (current.step > 0 ? current.step - 1 : 0) as StepIndex }));
  };

  const loadFailed = roles.isError || colleges.isError;
  // Until the caller is known, the step cannot tell a teacher's fixed role from an administrator's choice.
  const loading = !currentUser || roles.isPending || (teacher && colleges.isPending);

  return (
    <Dialog
      open={open}
      onClose={(_, reason) => {
        // A stray click outside must not throw away a loaded list.
        if (reason !== 'backdropClick') {
          close();
        }
      }}
      aria-labelledby={titleId}
      fullScreen={fullScreen}
      fullWidth
      maxWidth="md"
      slotProps={{ transition: { onExited: reset } }}
    >
      <DialogTitle id={titleId} sx={{ pr: 7 }}>
        {t('bulkImport.title')}
      </DialogTitle>
      <IconButton
        aria-label={t('bulkImport.close')}
        onClick={close}
        disabled={importUsers.isPending}
        sx={{ position: 'absolute', right: 12, top: 12 }}
      >
        <CloseIcon />
      </IconButton>
      <Stepper activeStep={wizard.step} alternativeLabel sx={{ px: { xs: 1, sm: 3 }, pb: 1 }}>
        {(['selection', 'information', 'summary'] as const).map((key) => (
          <Step key={key}>
            <StepLabel>{t(`bulkImport.steps.${key}`)}</StepLabel>
          </Step>
        ))}
      </Stepper>
      {/* A floor on the height keeps the dialog from jumping as the steps change on a desktop. */}
      <DialogContent ref={errorFocus.ref} dividers sx={{ px: { xs: 2, sm: 3 }, minHeight: { sm: 380 } }}>
        {wizard.step === 0 ? (
          loadFailed ? (
            <FormError
              message={t('errors.loadFailed')}
              sx={{ mt: 0 }}
              action={
                <Button
                  color="inherit"
                  size="small"
                  onClick={() => {
                    void roles.refetch();
                    void colleges.refetch();
                  }}
                >
                  {t('common.retry')}
                </Button>
              }
            />
          ) : loading ? (
            <PageLoader />
          ) : (
            <SelectionStep
              value={selection}
              onChange={changeSelection}
              errors={shownErrors}
              teacher={teacher}
              roles={roleList}
              colleges={collegeList}
              collegesLoading={colleges.isPending}
            />
          )
        ) : null}
        {wizard.step === 1 ? (
          <UsersStep
            rows={wizard.rows}
            onChange={(rows) => setWizard((current) => ({ ...current, rows }))}
            errors={rowErrors}
          />
        ) : null}
        {wizard.step === 2 && outcome ? <SummaryStep outcome={outcome} /> : null}
      </DialogContent>
      <DialogActions sx={{ px: { xs: 2, sm: 3 }, py: 1.5, gap: 1 }}>
        {outcome?.status === 'done' ? (
          <Button variant="contained" onClick={finish}>
            {t('bulkImport.finish')}
          </Button>
        ) : outcome?.status === 'pending' ? null : (
          <>
            <Button variant="outlined" onClick={back} disabled={wizard.step === 0}>
              {t('bulkImport.back')}
            </Button>
            {wizard.step === 0 ? (
              <Button variant="contained" onClick={goToUsers} disabled={loading || loadFailed}>
                {t('bulkImport.next')}
              </Button>
            ) : wizard.step === 1 ? (
              <Button variant="contained" onClick={submit} disabled={!canSubmit}>
                {t('bulkImport.submit')}
              </Button>
            ) : (
              <Button variant="contained" onClick={submit}>
                {t('common.retry')}
              </Button>
            )}
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}
