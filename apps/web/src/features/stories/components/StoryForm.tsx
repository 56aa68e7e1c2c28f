import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import CloudDoneOutlined from '#icons/CloudDoneOutlined';
import EditLocationAltOutlined from '#icons/EditLocationAltOutlined';
import PlaceOutlined from '#icons/PlaceOutlined';
import SaveOutlined from '#icons/SaveOutlined';
import SendOutlined from '#icons/SendOutlined';
import WarningAmberOutlined from '#icons/WarningAmberOutlined';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, FormProvider, useForm, useWatch, type Path } from 'react-hook-form';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { storyLimits, storyMessages, type Story } from '@fics/contracts';
import { CountedHelperText } from '../../../components/CountedHelperText';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { useErrorFocus } from '../../../components/error-focus';
import { applyServerErrors, serverFieldErrors } from '../../../components/form-errors';
import { useStickyInset } from '../../../components/sticky-inset';
import { FormError } from '../../../components/FormError';
import { LeavePageGuard } from '../../../components/LeavePageGuard';
import { SubmitButton } from '../../../components/SubmitButton';
import { useToast } from '../../../components/toast';
import { isApiError } from '../../../lib/api-client';
import { useRegisterUnsavedWork, type SaveOutcome } from '../../../lib/unsaved-work-registry';
import { useSession } from '../../auth';
import { useCreateStory, useUpdateStory, type StoryFormInput } from '../api';
import { unsavedWorkKey, useUnsavedWork, type StoredWork, type UnsavedWork } from '../unsaved-work';
import { AuthorshipFields } from './editor/AuthorshipFields';
import { PersonalField } from './editor/PersonalField';
import { CoverField } from './editor/CoverField';
import { LocationDialog } from './editor/LocationDialog';
import type { LocationValue } from './editor/LocationPicker';
import { StoryTextEditor } from './editor/StoryTextEditor';
import {
  initialValues,
  storyFormSchema,
  type StoryFormOutput,
  type StoryFormValues,
} from './editor/story-form-schema';
import { TagsField } from './editor/TagsField';

export interface StoryFormProps {
  /** Absent: a new fic (/fics/nuevo). Present: edit that fic (cover optional, 'Guardar cambios'). */
  story?: Story;
  /** Called after a successful create/save with the saved story. */
  onSaved: (story: Story, how: 'draft' | 'sent' | 'updated') => void;
  /** Edit mode only: leave edit mode without saving. */
  onCancel?: () => void;
  /**
   * The writer already chose to recover the copy kept in this browser (the fic page's 'Recuperar'):
   * it is put in the form at once instead of being offered again (issue 18.7).
   */
  restoreOnOpen?: boolean;
}

type SavedHow = 'draft' | 'sent' | 'updated';

const savedMessages: Record<SavedHow, string> = {
  draft: storyMessages.draftSaved,
  sent: storyMessages.sent,
  updated: storyMessages.updated,
};

/** The server's field names (VALIDATION_ERROR `errors`) → this form's fields. */
const serverFields: Readonly<Record<string, Path<StoryFormValues>>> = {
  title: 'title',
  text: 'text',
  file: 'cover',
  tags: 'tags',
  anonymity: 'anonymity',
  nickname: 'nickname',
  nicknameValue: 'nicknameValue',
  personal: 'personal',
  location: 'location',
  locationURL: 'location',
};

/**
 * The fic form (spec 001 §2 New fic, §5 Fic form): title, Quill body, cover with crop, tags with
 * suggestions, anonymity or pseudonym. A new fic ends as a draft (after a confirmation) or is sent
 * with a place (the send dialog); an existing one saves its changes. What is typed is copied to the
 * browser's storage as it is written and offered back after a closed tab, a crash or an expired
 * session (issue 9); a failed save keeps everything and says why.
 */
export function StoryForm({ story, onSaved, onCancel, restoreOnOpen = false }: StoryFormProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const { user } = useSession();
  const mode = story ? 'edit' : 'create';
  const create = useCreateStory();
  const update = useUpdateStory(story?._id ?? '');
  // Spec 001 §2: writing time is counted in seconds from the moment the form opens.
  const startedAt = useRef(Date.now());
  const schema = useMemo(() => storyFormSchema(mode), [mode]);
  const form = useForm<StoryFormValues, unknown, StoryFormOutput>({
    resolver: zodResolver(schema),
    defaultValues: initialValues(story),
    mode: 'onTouched',
    // The first error is focused in the page's order, clear of the action bar (useErrorFocus).
    shouldFocusError: false,
  });
  const errorFocus = useErrorFocus();
  const actionBarRef = useStickyInset<HTMLDivElement>('bottom');
  const { control, handleSubmit, getValues, setValue, setError, resetField, getFieldState, formState } = form;

  const [confirmDraft, setConfirmDraft] = useState(false);
  const [sendOpen, setSendOpen] = useState(false);
  const [locationOpen, setLocationOpen] = useState(false);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [sendFailure, setSendFailure] = useState<string | null>(null);
  const [sendLocationError, setSendLocationError] = useState<string | undefined>();
  const [restored, setRestored] = useState(false);
  const [coverNote, setCoverNote] = useState(false);
  const [finished, setFinished] = useState(false);
  const [busy, setBusy] = useState<SavedHow | null>(null);

  const writingTime = () =>
    Math.min(storyLimits.writingTimeMax, Math.max(0, Math.round((Date.now() - startedAt.current) / 1000)));

  const snapshot = (): UnsavedWork => {
    const values = getValues();
    return {
      title: values.title,
      text: values.text,
      tags: values.tags,
      anonymity: values.anonymity,
      nickname: values.nickname,
      nicknameValue: values.nicknameValue,
      personal: values.personal,
      location: values.location,
      locationURL: values.locationURL,
      writingTime: writingTime(),
      hadCover: values.cover !== null,
    };
  };

  const unsaved = useUnsavedWork({
    storageKey: user ? unsavedWorkKey(user._id, story?._id) : null,
    updatedAt: story?.updatedAt,
    snapshot,
  });
  const { changed: workChanged } = unsaved;

  // Every change the student makes is copied to storage a second after they stop.
  useEffect(
    () =>
      form.subscribe({
        formState: { values: true },
        callback: ({ type }) => {
          if (type === 'change') {
            workChanged();
          }
        },
      }),
    [form, workChanged],
  );

  const restore = (work: StoredWork) => {
    const options = { shouldDirty: true } as const;
    setValue('title', work.title, options);
    setValue('text', work.text, options);
    setValue('tags', work.tags, options);
    setValue('anonymity', work.anonymity, options);
    setValue('nickname', work.nickname && !work.anonymity, options);
    setValue('nicknameValue', work.nicknameValue, options);
    setValue('personal', work.personal ?? false, options);
    setValue('location', work.location, options);
    setValue('locationURL', work.locationURL, options);
    startedAt.current = Date.now() - work.writingTime * 1000;
    setRestored(true);
    setCoverNote(work.hadCover);
    unsaved.resolveOffer('restore');
    toast.info(t('storyEditor.restored'));
  };

  const location = useWatch({ control, name: 'location' });
  const locationURL = useWatch({ control, name: 'locationURL' });
  // The place dialog says what will be shown: an anonymous or pseudonymous fic hides it too.
  const authorHidden = useWatch({ control, name: ['anonymity', 'nickname'] }).some(Boolean);
  const title = useWatch({ control, name: 'title' });

  /** Why a save failed, in words the student can act on. */
  const reasonOf = (error: unknown): string => {
    if (isApiError(error)) {
      if (error.type === 'NETWORK_ERROR') {
        return t('errors.network');
      }
      if (error.type === 'TIMEOUT') {
        return t('errors.timeout');
      }
      if (error.status >= 400 && error.status < 500 && error.message) {
        return error.message;
      }
    }
    return t('errors.genericInline');
  };

  /** Saves; true when the server took it. `then: 'stay'` skips onSaved (logging out goes elsewhere). */
  const save = async (how: SavedHow, values: StoryFormOutput, then: 'onSaved' | 'stay' = 'onSaved') => {
    setFailure(null);
    setSendFailure(null);
    setSendLocationError(undefined);
    setBusy(how);
    const input: StoryFormInput = {
      title: values.title,
      text: values.text,
      anonymity: values.anonymity,
      nickname: values.nickname,
      nicknameValue: values.nicknameValue,
      personal: values.personal,
      tags: values.tags,
      writingTime: writingTime(),
      location: values.location,
      locationURL: values.locationURL,
      file: values.cover,
    };
    try {
      const saved =
        how === 'updated'
          ? await update.mutateAsync(input)
          : await create.mutateAsync({ ...input, draft: how === 'draft' });
      unsaved.clear();
      // The leave guard must see "nothing to lose" before the caller navigates.
      flushSync(() => {
        setFinished(true);
        setSendOpen(false);
        setConfirmDraft(false);
      });
      toast.success(savedMessages[how]);
      if (then === 'onSaved') {
        onSaved(saved, how);
      }
      return true;
    } catch (error) {
      // Nothing is lost: the form keeps every value, and storage gets them now.
      unsaved.saveNow();
      setConfirmDraft(false);
      const locationMessage = serverFieldErrors(error, ['location', 'locationURL']);
      const placeError = locationMessage.location ?? locationMessage.locationURL;
      if (how === 'sent' && placeError) {
        // The place is the dialog's: say it there and keep it open.
        setSendLocationError(placeError);
        return;
      }
      setLocationOpen(false);
      if (applyServerErrors(error, setError, serverFields, { focus: errorFocus.focusFirstError })) {
        // The messages are on the form's fields: close the dialog to show them.
        setSendOpen(false);
        return;
      }
      toast.error(t('errors.generic'));
      const why = `${reasonOf(error)} ${t('storyEditor.workKept')}`;
      setFailure(why);
      // Sending again is one click away: the dialog stays open with the reason.
      setSendFailure(how === 'sent' ? why : null);
    } finally {
      setBusy(null);
    }
    return false;
  };

  const validateThen = (next: () => void) => () => void handleSubmit(next, errorFocus.focusFirstError)();
  const submitAs = (how: SavedHow) => () =>
    void handleSubmit((values) => save(how, values), errorFocus.focusFirstError)();

  const sendWith = (place: LocationValue) => {
    setValue('location', place.location, { shouldDirty: true });
    setValue('locationURL', place.locationURL, { shouldDirty: true });
    submitAs('sent')();
  };

  const dirty = formState.isDirty || restored;
  const pending = busy !== null;

  // The fic page's 'Recuperar' already answered the offer: no second question (issue 18.7).
  const { offer } = unsaved;
  useEffect(() => {
    if (restoreOnOpen && offer) {
      restore(offer);
    }
    // Once, when the copy is found.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [offer, restoreOnOpen]);

  // Issue 18.1: logging out (or the session ending) asks this form before anything is lost.
  const path = useLocation().pathname;
  useRegisterUnsavedWork(
    user
      ? {
          userId: user._id,
          path,
          kind: mode,
          hasWork: () => dirty && !finished,
          save: () =>
            new Promise<SaveOutcome>((resolve) => {
              void handleSubmit(
                async (values) =>
                  resolve(
                    (await save(mode === 'edit' ? 'updated' : 'draft', values, 'stay')) ? 'saved' : 'failed',
                  ),
                () => resolve('invalid'),
              )();
            }),
          showErrors: errorFocus.focusFirstError,
          discard: () => {
            unsaved.clear();
            flushSync(() => setFinished(true));
          },
          keep: unsaved.saveNow,
        }
      : null,
  );

  return (
    <FormProvider {...form}>
      <Box
        component="form"
        ref={errorFocus.ref}
        noValidate
        aria-label={story ? story.title : t('storyEditor.newTitle')}
        onSubmit={(event) => {
          event.preventDefault();
          if (mode === 'edit') {
            submitAs('updated')();
          }
        }}
      >
        <Grid container spacing={3} sx={{ alignItems: 'flex-start' }}>
          <Grid size={{ xs: 12, md: 8 }}>
            <Paper
              variant="outlined"
              sx={{ p: { xs: 2, md: 3 }, display: 'flex', flexDirection: 'column', gap: 3 }}
            >
              <Controller
                control={control}
                name="title"
                render={({ field, fieldState }) => (
                  <TextField
                    {...field}
                    label={t('storyEditor.title')}
                    required
                    disabled={pending}
                    error={Boolean(fieldState.error)}
                    helperText={
                      <CountedHelperText
                        message={fieldState.error?.message}
                        count={title.length}
                        max={storyLimits.titleMax}
                      />
                    }
                    slotProps={{ htmlInput: { 'aria-required': true } }}
                  />
                )}
              />
              <Controller
                control={control}
                name="text"
                render={({ field, fieldState }) => (
                  <StoryTextEditor
                    value={field.value}
                    focusRef={field.ref}
                    error={fieldState.error?.message}
                    onBlur={field.onBlur}
                    onChange={(html, byUser) => {
                      if (byUser) {
                        field.onChange(html);
                      } else if (!getFieldState('text').isDirty) {
                        // Quill rewrote the loaded HTML in its own words: that is not a change.
                        resetField('text', { defaultValue: html });
                      } else {
                        setValue('text', html);
                      }
                    }}
                  />
                )}
              />
              <Controller
                control={control}
                name="tags"
                render={({ field, fieldState }) => (
                  <TagsField
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    inputRef={field.ref}
                    error={fieldState.error?.message}
                  />
                )}
              />
            </Paper>
          </Grid>
          <Grid size={{ xs: 12, md: 4 }}>
            <Stack spacing={3}>
              <Section title={t('storyEditor.cover')}>
                <Controller
                  control={control}
                  name="cover"
                  render={({ field, fieldState }) => (
                    <CoverField
                      value={field.value}
                      onChange={(png) => {
                        field.onChange(png);
                        setCoverNote(false);
                      }}
                      buttonRef={field.ref}
                      currentUrl={story?.image.url}
                      error={fieldState.error?.message}
                    />
                  )}
                />
                {coverNote ? (
                  <Typography variant="body2" color="warning.dark" sx={{ mt: 1, textAlign: 'center' }}>
                    {t('storyEditor.restoreCoverNote')}
                  </Typography>
                ) : null}
              </Section>
              <Section title={t('storyEditor.authorship')}>
                <AuthorshipFields disabled={pending} />
              </Section>
              <Section title={t('storyEditor.personalTitle')}>
                <PersonalField disabled={pending} />
              </Section>
              {mode === 'edit' ? (
                <Section title={t('storyEditor.locationTitle')}>
                  <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1.5 }}>
                    <PlaceOutlined color="action" aria-hidden />
                    <Typography
                      sx={{ overflowWrap: 'anywhere' }}
                      color={location ? 'text.primary' : 'text.secondary'}
                    >
                      {location || t('storyEditor.noLocation')}
                    </Typography>
                  </Box>
                  <Button
                    variant="outlined"
                    startIcon={<EditLocationAltOutlined />}
                    onClick={() => setLocationOpen(true)}
                    disabled={pending}
                  >
                    {t('storyEditor.editLocation')}
                  </Button>
                  {formState.errors.location ? (
                    <Typography
                      variant="body2"
                      color="error.dark"
                      role="alert"
                      data-error-focus
                      sx={{ mt: 1 }}
                    >
                      {formState.errors.location.message}
                    </Typography>
                  ) : null}
                </Section>
              ) : null}
            </Stack>
          </Grid>
        </Grid>

        <Paper
          ref={actionBarRef}
          variant="outlined"
          sx={{
            position: 'sticky',
            bottom: 0,
            zIndex: 3,
            mt: 3,
            p: { xs: 1.5, md: 2 },
            display: 'flex',
            flexDirection: 'column',
            gap: 1,
            boxShadow: '0 -4px 12px rgba(15, 23, 42, 0.06)',
          }}
        >
          <FormError message={failure} onClose={() => setFailure(null)} sx={{ mt: 0 }} />
          <Box
            sx={{
              display: 'flex',
              flexDirection: { xs: 'column', sm: 'row' },
              alignItems: { xs: 'stretch', sm: 'center' },
              gap: 1.5,
            }}
          >
            <AutosaveStatus status={unsaved.status} />
            <Box
              sx={{
                display: 'flex',
                gap: 1,
                ml: { sm: 'auto' },
                '& > *': { flex: { xs: 1, sm: 'none' }, whiteSpace: 'nowrap' },
                // Two full-width buttons side by side on a phone: the words, without icons.
                '& .MuiButton-startIcon': { display: { xs: 'none', sm: 'inherit' } },
              }}
            >
              {mode === 'create' ? (
                <>
                  <Button
                    variant="outlined"
                    startIcon={<SaveOutlined />}
                    onClick={validateThen(() => setConfirmDraft(true))}
                    disabled={pending}
                  >
                    {t('storyEditor.saveDraft')}
                  </Button>
                  <Button
                    variant="contained"
                    startIcon={<SendOutlined />}
                    onClick={validateThen(() => {
                      setSendFailure(null);
                      setSendLocationError(undefined);
                      setSendOpen(true);
                    })}
                    disabled={pending}
                  >
                    {t('storyEditor.send')}
                  </Button>
                </>
              ) : (
                <>
                  <Button onClick={() => (dirty ? setConfirmCancel(true) : onCancel?.())} disabled={pending}>
                    {t('storyEditor.cancel')}
                  </Button>
                  <SubmitButton pending={busy === 'updated'} disabled={pending} startIcon={<SaveOutlined />}>
                    {t('storyEditor.saveChanges')}
                  </SubmitButton>
                </>
              )}
            </Box>
          </Box>
        </Paper>
      </Box>

      <ConfirmDialog
        open={confirmDraft}
        title={t('storyEditor.draftConfirmTitle')}
        message={t('storyEditor.draftConfirmText')}
        confirmLabel={t('storyEditor.draftConfirm')}
        destructive={false}
        pending={busy === 'draft'}
        onClose={() => setConfirmDraft(false)}
        onConfirm={submitAs('draft')}
      />
      {mode === 'create' ? (
        <LocationDialog
          open={sendOpen}
          title={t('storyEditor.sendTitle')}
          intro={t('storyEditor.sendIntro')}
          warning={t('storyEditor.sendWarning')}
          confirmLabel={t('storyEditor.send')}
          confirmIcon={<SendOutlined />}
          initial={{ location, locationURL }}
          authorHidden={authorHidden}
          pending={busy === 'sent'}
          serverError={sendLocationError}
          failure={sendFailure}
          onConfirm={sendWith}
          onClose={() => setSendOpen(false)}
        />
      ) : (
        <LocationDialog
          open={locationOpen}
          title={t('storyEditor.locationTitle')}
          confirmLabel={t('storyEditor.accept')}
          initial={{ location, locationURL }}
          authorHidden={authorHidden}
          onConfirm={(place) => {
            setValue('location', place.location, { shouldDirty: true });
            setValue('locationURL', place.locationURL, { shouldDirty: true });
            form.clearErrors('location');
            workChanged();
            setLocationOpen(false);
          }}
          onClose={() => setLocationOpen(false)}
        />
      )}
      <ConfirmDialog
        open={confirmCancel}
        title={t('storyEditor.leavePage.title')}
        message={t('storyEditor.leavePage.text')}
        confirmLabel={t('storyEditor.leavePage.leave')}
        destructive={false}
        onClose={() => setConfirmCancel(false)}
        onConfirm={() => {
          unsaved.clear();
          flushSync(() => {
            setFinished(true);
            setConfirmCancel(false);
          });
          onCancel?.();
        }}
      />
      <RestoreDialog
        work={restoreOnOpen ? null : unsaved.offer}
        onRestore={restore}
        onDiscard={() => unsaved.resolveOffer('discard')}
      />
      <LeavePageGuard when={dirty && !finished} message={t('storyEditor.leavePage.editorText')} />
    </FormProvider>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: { xs: 2, md: 2.5 } }}>
      <Typography id={headingId} variant="h2" sx={{ fontSize: { xs: '1.1rem', md: '1.15rem' }, mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

function AutosaveStatus({ status }: { status: ReturnType<typeof useUnsavedWork>['status'] }) {
  const { t } = useTranslation();
  if (status.state === 'idle') {
    return null;
  }
  const failed = status.state === 'failed';
  return (
    <Box
      role="status"
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 0.75,
        color: failed ? 'warning.dark' : 'text.secondary',
      }}
    >
      {failed ? (
        <WarningAmberOutlined fontSize="small" aria-hidden />
      ) : (
        <CloudDoneOutlined fontSize="small" aria-hidden />
      )}
      <Typography variant="body2" color="inherit" sx={{ fontSize: { xs: '0.8rem', sm: '0.875rem' } }}>
        {failed
          ? t('storyEditor.autosaveFailed')
          : t('storyEditor.autosaved', {
              time: status.at.toLocaleTimeString('es-CL', { hour: '2-digit', minute: '2-digit' }),
            })}
      </Typography>
    </Box>
  );
}

/** The offer of issue 9: unsaved work found on opening, restored or discarded. */
function RestoreDialog({
  work,
  onRestore,
  onDiscard,
}: {
  work: StoredWork | null;
  onRestore: (work: StoredWork) => void;
  onDiscard: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const textId = useId();
  // Keep the last offer while the dialog fades out.
  const [shown, setShown] = useState(work);
  useEffect(() => {
    if (work) {
      setShown(work);
    }
  }, [work]);
  const date = shown
    ? new Date(shown.savedAt).toLocaleString('es-CL', { dateStyle: 'long', timeStyle: 'short' })
    : '';
  return (
    <Dialog open={work !== null} aria-labelledby={titleId} aria-describedby={textId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>{t('storyEditor.restoreTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId}>{t('storyEditor.restoreText', { date })}</DialogContentText>
        {shown?.title ? (
          <Typography sx={{ mt: 1.5, fontWeight: 600, overflowWrap: 'anywhere' }}>«{shown.title}»</Typography>
        ) : null}
        {shown?.hadCover ? (
          <DialogContentText sx={{ mt: 1.5 }}>{t('storyEditor.restoreCoverNote')}</DialogContentText>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button color="error" onClick={onDiscard} sx={{ color: 'error.dark' }}>
          {t('storyEditor.discard')}
        </Button>
        <Button variant="contained" onClick={() => shown && onRestore(shown)}>
          {t('storyEditor.restore')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
