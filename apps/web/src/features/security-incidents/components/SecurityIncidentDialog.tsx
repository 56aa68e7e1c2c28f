import { useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MuiFormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { Controller, useForm, useWatch, type Control, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  createSecurityIncidentBodySchema,
  securityIncidentDataCategories,
  securityIncidentFields,
  securityIncidentDataCategoryLabels,
  securityIncidentLimits as limits,
  securityIncidentNatureLabels,
  securityIncidentNatures,
  securityIncidentStatusLabels,
  securityIncidentStatuses,
  securityIncidentTexts as texts,
  type CreateSecurityIncidentBody,
  type SecurityIncident,
  type SecurityIncidentDataCategory,
  type SecurityIncidentNature,
  type SecurityIncidentStatus,
} from '@fics/contracts';
import { CountedHelperText } from '../../../components/CountedHelperText';
import { useErrorFocus } from '../../../components/error-focus';
import { applyServerErrors } from '../../../components/form-errors';
import { FormError } from '../../../components/FormError';
import { SubmitButton } from '../../../components/SubmitButton';
import { useToast } from '../../../components/toast';
import { isApiError } from '../../../lib/api-client';
import { useSaveSecurityIncident } from '../api';
import { fromLocalInput, toLocalInput } from './incident-dates';

type FormControl = Control<Values, unknown, CreateSecurityIncidentBody>;

/** The form's values, every field present; the date inputs hold ISO moments ('' for none). */
interface Values {
  occurredAt: string;
  detectedAt: string;
  nature: SecurityIncidentNature | '';
  description: string;
  dataCategories: SecurityIncidentDataCategory[];
  childrenData: boolean;
  affectedCount: number;
  affectedDescription: string;
  measures: string;
  subjectsNotified: boolean;
  subjectsNotifiedAt: string;
  subjectsNoticeMethod: string;
  agencyNotified: boolean;
  agencyNotifiedAt: string;
  status: SecurityIncidentStatus;
}

const fieldNames = securityIncidentFields;

function initialValues(incident: SecurityIncident | null): Values {
  if (!incident) {
    return {
      occurredAt: '',
      detectedAt: '',
      nature: '',
      description: '',
      dataCategories: [],
      childrenData: false,
      affectedCount: 0,
      affectedDescription: '',
      measures: '',
      subjectsNotified: false,
      subjectsNotifiedAt: '',
      subjectsNoticeMethod: '',
      agencyNotified: false,
      agencyNotifiedAt: '',
      status: 'OPEN',
    };
  }
  return {
    occurredAt: incident.occurredAt,
    detectedAt: incident.detectedAt,
    nature: incident.nature,
    description: incident.description,
    dataCategories: [...incident.dataCategories],
    childrenData: incident.childrenData,
    affectedCount: incident.affectedCount,
    affectedDescription: incident.affectedDescription ?? '',
    measures: incident.measures,
    subjectsNotified: incident.subjectsNotified,
    subjectsNotifiedAt: incident.subjectsNotifiedAt ?? '',
    subjectsNoticeMethod: incident.subjectsNoticeMethod ?? '',
    agencyNotified: incident.agencyNotified,
    agencyNotifiedAt: incident.agencyNotifiedAt ?? '',
    status: incident.status,
  };
}

/**
 * 'Registrar incidente' and 'Editar' (issue 22.6): every field of the register, checked with the
 * contract's schema (the API's own messages, the rules between fields included) before anything is
 * sent. An edit sends the version it was opened on: a 409 (someone else saved it meanwhile) closes
 * the dialog, says so, and the list is read again.
 */
export function SecurityIncidentDialog({
  open,
  incident,
  onClose,
}: {
  open: boolean;
  /** The incident to edit; null to record a new one. */
  incident: SecurityIncident | null;
  onClose: () => void;
}) {
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="md" scroll="body">
      <DialogTitle id={titleId}>{incident ? texts.editTitle : texts.recordTitle}</DialogTitle>
      {open ? <IncidentForm key={incident?._id ?? 'new'} incident={incident} onClose={onClose} /> : null}
    </Dialog>
  );
}

/** A date and time field over an ISO value (the input shows the browser's local time). */
function MomentField({
  control,
  name,
  label,
}: {
  control: FormControl;
  name: 'occurredAt' | 'detectedAt' | 'subjectsNotifiedAt' | 'agencyNotifiedAt';
  label: string;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          type="datetime-local"
          label={label}
          required
          inputRef={field.ref}
          name={field.name}
          value={toLocalInput(field.value)}
          onChange={(event) => field.onChange(fromLocalInput(event.target.value))}
          onBlur={field.onBlur}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message}
          slotProps={{ inputLabel: { shrink: true } }}
        />
      )}
    />
  );
}

/** A yes/no field as a checkbox with its label. */
function CheckField({
  control,
  name,
  label,
}: {
  control: FormControl;
  name: 'childrenData' | 'subjectsNotified' | 'agencyNotified';
  label: string;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <FormControlLabel
          label={label}
          control={
            <Checkbox
              slotProps={{ input: { ref: field.ref } }}
              checked={field.value}
              onChange={(_event, checked) => field.onChange(checked)}
            />
          }
        />
      )}
    />
  );
}

function IncidentForm({ incident, onClose }: { incident: SecurityIncident | null; onClose: () => void }) {
  const toast = useToast();
  const save = useSaveSecurityIncident();
  const [failure, setFailure] = useState<string | null>(null);
  const errorFocus = useErrorFocus();
  const {
    control,
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Values, unknown, CreateSecurityIncidentBody>({
    resolver: zodResolver(createSecurityIncidentBodySchema) as unknown as Resolver<
      Values,
      unknown,
      CreateSecurityIncidentBody
    >,
    defaultValues: initialValues(incident),
    shouldFocusError: false,
  });
  const [description, measures, childrenData, subjectsNotified, agencyNotified] = useWatch({
    control,
    name: ['description', 'measures', 'childrenData', 'subjectsNotified', 'agencyNotified'],
  });

  const onSubmit = handleSubmit(async (body) => {
    setFailure(null);
    try {
      const saved = await save.mutateAsync(
        incident ? { id: incident._id, body: { ...body, version: incident.version } } : { body },
      );
      toast.success(saved.message);
      onClose();
    } catch (error) {
      if (isApiError(error) && error.type === 'CONFLICT') {
        toast.error(error.message);
        onClose();
        return;
      }
      if (applyServerErrors(error, setError, fieldNames, { focus: errorFocus.focusFirstError })) {
        return;
      }
      setFailure(
        isApiError(error) && error.status > 0 && error.status < 500 && error.message
          ? error.message
          : texts.failed,
      );
    }
  }, errorFocus.focusFirstError);

  // The list's own message, or an unknown category's (the schema's 'dataCategories.0').
  const categoryErrors = errors.dataCategories as
    { message?: string; [index: number]: { message?: string } | undefined } | undefined;
  const categoriesError = categoryErrors?.message ?? categoryErrors?.[0]?.message;

  return (
    <form ref={errorFocus.ref} noValidate onSubmit={onSubmit}>
      <DialogContent>
        <Stack spacing={2.5}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <MomentField control={control} name="occurredAt" label={texts.occurredAt} />
            <MomentField control={control} name="detectedAt" label={texts.detectedAt} />
          </Stack>
          <Controller
            control={control}
            name="nature"
            render={({ field, fieldState }) => (
              <TextField
                select
                label={texts.nature}
                required
                inputRef={field.ref}
                name={field.name}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                error={Boolean(fieldState.error)}
                helperText={fieldState.error?.message}
              >
                {securityIncidentNatures.map((nature) => (
                  <MenuItem key={nature} value={nature}>
                    {securityIncidentNatureLabels[nature]}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
          <TextField
            {...register('description')}
            label={texts.description}
            multiline
            minRows={3}
            required
            error={Boolean(errors.description)}
            helperText={
              <CountedHelperText
                message={errors.description?.message ?? texts.descriptionHelp}
                count={description.length}
                max={limits.descriptionMax}
              />
            }
            slotProps={{ htmlInput: { maxLength: limits.descriptionMax } }}
          />
          <Controller
            control={control}
            name="dataCategories"
            render={({ field }) => (
              <MuiFormControl component="fieldset" error={Boolean(categoriesError)} required>
                <FormLabel component="legend">{texts.dataCategories}</FormLabel>
                <FormGroup sx={{ display: 'grid', gridTemplateColumns: { sm: '1fr 1fr' } }}>
                  {securityIncidentDataCategories.map((category, index) => (
                    <FormControlLabel
                      key={category}
                      label={securityIncidentDataCategoryLabels[category]}
                      control={
                        <Checkbox
                          slotProps={{ input: { ref: index === 0 ? field.ref : undefined } }}
                          checked={field.value.includes(category)}
                          onChange={(_event, checked) =>
                            field.onChange(
                              checked
                                ? [...field.value, category]
                                : field.value.filter((value) => value !== category),
                            )
                          }
                        />
                      }
                    />
                  ))}
                </FormGroup>
                {categoriesError ? <FormHelperText>{categoriesError}</FormHelperText> : null}
              </MuiFormControl>
            )}
          />
          <CheckField control={control} name="childrenData" label={texts.childrenData} />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              {...register('affectedCount', { valueAsNumber: true })}
              type="number"
              label={texts.affectedCount}
              required
              error={Boolean(errors.affectedCount)}
              helperText={errors.affectedCount?.message}
              slotProps={{ htmlInput: { min: 0, max: limits.affectedCountMax, step: 1 } }}
              sx={{ flex: { sm: '0 0 280px' } }}
            />
            <TextField
              {...register('affectedDescription')}
              label={texts.affectedDescription}
              error={Boolean(errors.affectedDescription)}
              helperText={errors.affectedDescription?.message ?? texts.affectedDescriptionHelp}
              slotProps={{ htmlInput: { maxLength: limits.affectedDescriptionMax } }}
            />
          </Stack>
          <TextField
            {...register('measures')}
            label={texts.measuresField}
            multiline
            minRows={3}
            required
            error={Boolean(errors.measures)}
            helperText={
              <CountedHelperText
                message={errors.measures?.message}
                count={measures.length}
                max={limits.measuresMax}
              />
            }
            slotProps={{ htmlInput: { maxLength: limits.measuresMax } }}
          />
          {childrenData && !subjectsNotified ? (
            <Alert severity="error" variant="filled">
              {texts.childrenWarning}
            </Alert>
          ) : null}
          <CheckField control={control} name="subjectsNotified" label={texts.subjectsNotified} />
          {subjectsNotified ? (
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <MomentField control={control} name="subjectsNotifiedAt" label={texts.subjectsNotifiedAt} />
              <TextField
                {...register('subjectsNoticeMethod')}
                label={texts.subjectsNoticeMethod}
                required
                error={Boolean(errors.subjectsNoticeMethod)}
                helperText={errors.subjectsNoticeMethod?.message ?? texts.subjectsNoticeMethodHelp}
                slotProps={{ htmlInput: { maxLength: limits.noticeMethodMax } }}
              />
            </Stack>
          ) : null}
          <CheckField control={control} name="agencyNotified" label={texts.agencyNotified} />
          {agencyNotified ? (
            <MomentField control={control} name="agencyNotifiedAt" label={texts.agencyNotifiedAt} />
          ) : null}
          <Controller
            control={control}
            name="status"
            render={({ field, fieldState }) => (
              <TextField
                select
                label={texts.status}
                inputRef={field.ref}
                name={field.name}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                error={Boolean(fieldState.error)}
                helperText={fieldState.error?.message}
              >
                {securityIncidentStatuses.map((status) => (
                  <MenuItem key={status} value={status}>
                    {securityIncidentStatusLabels[status]}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
          {failure ? <FormError message={failure} /> : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{texts.cancel}</Button>
        <SubmitButton pending={isSubmitting}>{texts.save}</SubmitButton>
      </DialogActions>
    </form>
  );
}
