import { useId, useRef, useState, type ChangeEvent } from 'react';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormHelperText from '@mui/material/FormHelperText';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import DescriptionOutlinedIcon from '#icons/DescriptionOutlined';
import DownloadIcon from '#icons/Download';
import MailOutlineIcon from '#icons/MailOutlined';
import UploadFileIcon from '#icons/UploadFile';
import { useTranslation } from 'react-i18next';
import { gradeLabel, roleDisplayNames, type College, type Role } from '@fics/contracts';
import { useToast } from '../../../components/toast';
import { useCollegeGrades } from '../../../lib/resources';
import { saveFile } from '../../../lib/save-file';
import type { EmailItem } from '../lib/email-list';
import type { SelectionErrors, Source } from '../lib/selection';
import { needsSchool } from '../lib/selection';
import {
  buildTemplate,
  readUsersFile,
  SPREADSHEET_ACCEPT,
  TEMPLATE_FILENAME,
  type SheetUser,
} from '../lib/spreadsheet';
import { EmailChipsInput } from './EmailChipsInput';

export interface LoadedFile {
  name: string;
  rows: SheetUser[];
}

/** Everything step 1 collects. */
export interface SelectionState {
  roleId: string;
  collegeId: string;
  gradeId: string;
  source: Source;
  file: LoadedFile | null;
  /** Why the last chosen file could not be used. */
  fileError: string | null;
  items: EmailItem[];
}

interface SelectionStepProps {
  value: SelectionState;
  onChange: (patch: Partial<SelectionState>) => void;
  errors: SelectionErrors;
  /** A teacher imports students only, into one of their own grades (spec 000 §6). */
  teacher: boolean;
  roles: readonly Role[];
  colleges: readonly College[];
  collegesLoading: boolean;
}

/** Step 'Selección de datos': role, school and grade, then the users' source (spec 000 §2). */
export function SelectionStep({
  value,
  onChange,
  errors,
  teacher,
  roles,
  colleges,
  collegesLoading,
}: SelectionStepProps) {
  const { t } = useTranslation();
  const sourceLabelId = useId();
  const roleName = roles.find((role) => role._id === value.roleId)?.name ?? null;
  const college = colleges.find((c) => c._id === value.collegeId) ?? null;
  const { data: grades = [] } = useCollegeGrades(value.collegeId);

  return (
    <Stack spacing={2.5} sx={{ pt: 1 }}>
      {teacher ? (
        <TextField
          label={t('bulkImport.role')}
          value={roleDisplayNames.STUDENT}
          helperText={t('bulkImport.teacherRoleHint')}
          slotProps={{ input: { readOnly: true } }}
        />
      ) : (
        <TextField
          select
          required
          label={t('bulkImport.role')}
          value={value.roleId}
          onChange={(event) => onChange({ roleId: event.target.value })}
          error={Boolean(errors.role)}
          helperText={errors.role}
        >
          {roles.map((role) => (
            <MenuItem key={role._id} value={role._id}>
              {role.displayName}
            </MenuItem>
          ))}
        </TextField>
      )}

      {needsSchool(roleName) ? (
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
          <Autocomplete
            fullWidth
            options={colleges}
            value={college}
            loading={collegesLoading}
            loadingText={t('common.loading')}
            noOptionsText={t('common.emptyResults')}
            getOptionLabel={(option) => option.name}
            isOptionEqualToValue={(option, selected) => option._id === selected._id}
            onChange={(_, selected) => onChange({ collegeId: selected?._id ?? '', gradeId: '' })}
            renderInput={(params) => (
              <TextField
                {...params}
                required
                label={t('bulkImport.college')}
                error={Boolean(errors.collegeId)}
                helperText={errors.collegeId}
              />
            )}
          />
          <TextField
            select
            required
            label={t('bulkImport.grade')}
            value={grades.some((g) => g._id === value.gradeId) ? value.gradeId : ''}
            onChange={(event) => onChange({ gradeId: event.target.value })}
            disabled={!college}
            error={Boolean(errors.gradeId)}
            helperText={errors.gradeId ?? (college ? undefined : t('bulkImport.gradeNeedsCollege'))}
          >
            {grades.length === 0 ? (
              <MenuItem disabled value="">
                {t('common.emptyResults')}
              </MenuItem>
            ) : (
              grades.map((grade) => (
                <MenuItem key={grade._id} value={grade._id}>
                  {gradeLabel(grade)}
                </MenuItem>
              ))
            )}
          </TextField>
        </Stack>
      ) : null}

      <Box>
        <Typography component="p" variant="subtitle2" id={sourceLabelId} sx={{ mb: 1 }}>
          {t('bulkImport.source')}
        </Typography>
        <ToggleButtonGroup
          exclusive
          fullWidth
          color="primary"
          size="small"
          value={value.source}
          aria-labelledby={sourceLabelId}
          onChange={(_, source: Source | null) => {
            if (source) {
              onChange({ source });
            }
          }}
        >
          <ToggleButton value="excel">
            <DescriptionOutlinedIcon fontSize="small" sx={{ mr: 1 }} aria-hidden />
            {t('bulkImport.sourceExcel')}
          </ToggleButton>
          <ToggleButton value="list">
            <MailOutlineIcon fontSize="small" sx={{ mr: 1 }} aria-hidden />
            {t('bulkImport.sourceList')}
          </ToggleButton>
        </ToggleButtonGroup>
      </Box>

      {value.source === 'excel' ? (
        <FilePicker value={value} onChange={onChange} error={errors.source} />
      ) : (
        <EmailChipsInput
          items={value.items}
          onChange={(items) => onChange({ items })}
          error={errors.source}
        />
      )}
    </Stack>
  );
}

function FilePicker({
  value,
  onChange,
  error,
}: {
  value: SelectionState;
  onChange: (patch: Partial<SelectionState>) => void;
  error: string | undefined;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const [reading, setReading] = useState(false);
  const [downloading, setDownloading] = useState(false);
  // Only the last chosen file counts when two are picked in quick succession.
  const readCount = useRef(0);

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared so that choosing the same file again (after fixing it) reads it again.
    event.target.value = '';
    if (!file) {
      return;
    }
    readCount.current += 1;
    const current = readCount.current;
    setReading(true);
    const result = await readUsersFile(file).catch(() => ({
      ok: false as const,
      message: t('bulkImport.fileErrors.unreadable'),
    }));
    if (current !== readCount.current) {
      return;
    }
    setReading(false);
    onChange(
      result.ok
        ? { file: { name: file.name, rows: result.rows }, fileError: null }
        : { file: null, fileError: result.message },
    );
  };

  const downloadTemplate = async () => {
    setDownloading(true);
    try {
      saveFile(await buildTemplate(), TEMPLATE_FILENAME);
    } catch {
      toast.error(t('errors.generic'));
    } finally {
      setDownloading(false);
    }
  };

  const message = value.fileError ?? error;

  return (
    <Stack spacing={1.5}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1.5}
        sx={{ alignItems: { xs: 'stretch', sm: 'center' } }}
      >
        <Button
          component="label"
          variant="outlined"
          startIcon={reading ? <CircularProgress size={18} aria-hidden /> : <UploadFileIcon />}
          disabled={reading}
        >
          {value.file ? t('bulkImport.changeFile') : t('bulkImport.chooseFile')}
          <input
            hidden
            type="file"
            accept={SPREADSHEET_ACCEPT}
            aria-label={t('bulkImport.chooseFile')}
            onChange={(event) => void onFile(event)}
          />
        </Button>
        <Link
          component="button"
          type="button"
          variant="body2"
          onClick={() => void downloadTemplate()}
          disabled={downloading}
          sx={{
            display: 'inline-flex',
            alignItems: 'center',
            gap: 0.5,
            alignSelf: { xs: 'center', sm: 'auto' },
          }}
        >
          <DownloadIcon fontSize="small" aria-hidden />
          {t('bulkImport.downloadTemplate')}
        </Link>
      </Stack>
      <FormHelperText sx={{ mx: 0, mt: 0 }}>{t('bulkImport.fileHint')}</FormHelperText>
      <Box aria-live="polite">
        {reading ? (
          <Typography variant="body2" color="text.secondary">
            {t('bulkImport.readingFile')}
          </Typography>
        ) : value.file && !value.fileError ? (
          <Alert severity="success" variant="outlined" sx={{ py: 0 }}>
            {t('bulkImport.fileRows', { file: value.file.name, count: value.file.rows.length })}
          </Alert>
        ) : null}
      </Box>
      {message && !reading ? (
        // No field of its own (the file input is hidden in its button): the message takes the focus.
        <FormHelperText error role="alert" data-error-focus sx={{ mx: 0 }}>
          {message}
        </FormHelperText>
      ) : null}
    </Stack>
  );
}
