import { useEffect, useId, useState } from 'react';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormHelperText from '@mui/material/FormHelperText';
import Typography from '@mui/material/Typography';
import DeleteOutline from '#icons/DeleteOutlineOutlined';
import PhotoCameraOutlined from '#icons/PhotoCameraOutlined';
import { useTranslation } from 'react-i18next';
import { limits, userMessages, type User } from '@fics/contracts';
import { useErrorFocus } from '../../../components/error-focus';
import { serverFieldErrors } from '../../../components/form-errors';
import { FormError } from '../../../components/FormError';
import { ImageCropper, preloadCropper, type CropSelection } from '../../../components/ImageCropDialog';
import { useToast } from '../../../components/toast';
import { compressToPng, cropToPng } from '../../../lib/crop-image';
import { checkImageFile, imageMaxMegabytes } from '../../../lib/image-file';
import { useDeleteProfilePhoto, useUploadProfilePhoto } from '../api';
import { initials } from '../user-display';

interface PhotoDialogProps {
  user: User;
  open: boolean;
  onClose: () => void;
}

/** The profile photo dialog: choose an image, crop it square, preview, save; or remove the photo. */
export function PhotoDialog({ user, open, onClose }: PhotoDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  // While an upload or removal runs, Escape and the backdrop do not close the dialog.
  const [busy, setBusy] = useState(false);
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      aria-labelledby={titleId}
      maxWidth="sm"
      fullWidth
      slotProps={{ transition: { unmountOnExit: true } }}
    >
      <DialogTitle id={titleId}>{t('profile.photoTitle')}</DialogTitle>
      {/* Remounted on each opening, so a new visit starts without the last chosen file. */}
      {open ? <PhotoEditor user={user} onClose={onClose} onBusyChange={setBusy} /> : null}
    </Dialog>
  );
}

interface PhotoEditorProps {
  user: User;
  onClose: () => void;
  onBusyChange: (busy: boolean) => void;
}

function PhotoEditor({ user, onClose, onBusyChange }: PhotoEditorProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const inputId = useId();
  const hintId = useId();
  const upload = useUploadProfilePhoto(user._id);
  const remove = useDeleteProfilePhoto(user._id);
  const [imageUrl, setImageUrl] = useState<string | null>(null);
  const [area, setArea] = useState<CropSelection | null>(null);
  const [previewUrl, setPreviewUrl] = useState<string | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const errorFocus = useErrorFocus<HTMLDivElement>();
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const pending = saving || remove.isPending;

  useEffect(() => {
    onBusyChange(pending);
    return () => onBusyChange(false);
  }, [pending, onBusyChange]);

  useEffect(() => {
    // Start fetching the crop widget while the user picks a file.
    preloadCropper();
  }, []);

  useEffect(() => (imageUrl ? () => URL.revokeObjectURL(imageUrl) : undefined), [imageUrl]);

  // The preview is the exact PNG that will be sent, redrawn shortly after the crop settles.
  useEffect(() => {
    if (!imageUrl || !area) {
      return undefined;
    }
    let cancelled = false;
    const timer = setTimeout(() => {
      cropToPng(imageUrl, area.area, { maxSide: limits.avatarMaxSide, rotation: area.rotation })
        .then((blob) => {
          if (!cancelled) {
            setPreviewUrl(URL.createObjectURL(blob));
          }
        })
        .catch(() => {
          // The saved image is drawn again on Guardar, which reports any failure.
        });
    }, 120);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [imageUrl, area]);

  // Each preview URL is released once the next one is on screen (or the dialog closes).
  useEffect(() => (previewUrl ? () => URL.revokeObjectURL(previewUrl) : undefined), [previewUrl]);

  const choose = (file: File) => {
    setFailure(null);
    const problem = checkImageFile(file);
    setFileError(problem);
    if (problem) {
      errorFocus.focusFirstError();
      return;
    }
    setArea(null);
    setPreviewUrl(null);
    setImageUrl(URL.createObjectURL(file));
  };

  /** A file the browser cannot draw (a wrong extension, a broken file) is not an image either. */
  const rejectUnreadable = () => {
    setImageUrl(null);
    setFileError(userMessages.fileNotImage);
    errorFocus.focusFirstError();
  };

  const showFailure = (error: unknown) => {
    const { file: fileMessage } = serverFieldErrors(error, ['file']);
    if (fileMessage) {
      setFileError(fileMessage);
      errorFocus.focusFirstError();
    } else {
      toast.error(t('errors.generic'));
      setFailure(t('errors.genericInline'));
    }
  };

  const save = async () => {
    if (!imageUrl || !area) {
      return;
    }
    setFailure(null);
    setSaving(true);
    try {
      const png = await compressToPng(imageUrl, area.area, {
        maxSide: limits.avatarMaxSide,
        rotation: area.rotation,
      });
      await upload.mutateAsync(png);
      toast.success(userMessages.imageUpdated);
      onClose();
    } catch (error) {
      showFailure(error);
    } finally {
      setSaving(false);
    }
  };

  const removePhoto = async () => {
    setFailure(null);
    try {
      await remove.mutateAsync();
      toast.success(userMessages.imageDeleted);
      onClose();
    } catch (error) {
      showFailure(error);
    }
  };

  const chooseButton = (
    <Button
      component="label"
      htmlFor={inputId}
      variant={imageUrl ? 'text' : 'contained'}
      startIcon={<PhotoCameraOutlined />}
      disabled={pending}
    >
      {imageUrl ? t('profile.chooseOtherImage') : t('profile.chooseImage')}
      <input
        id={inputId}
        type="file"
        accept="image/*"
        hidden
        disabled={pending}
        aria-describedby={hintId}
        onChange={(event) => {
          const file = event.target.files?.[0];
          // Choosing the same file again after an error must fire onChange again.
          event.target.value = '';
          if (file) {
            choose(file);
          }
        }}
      />
    </Button>
  );

  return (
    <>
      <DialogContent ref={errorFocus.ref}>
        {imageUrl ? (
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr auto' } }}>
            <ImageCropper
              key={imageUrl}
              imageUrl={imageUrl}
              onChange={setArea}
              onUnreadable={rejectUnreadable}
              disabled={pending}
            />
            <Box
              sx={{
                display: 'flex',
                flexDirection: { xs: 'row', md: 'column' },
                alignItems: 'center',
                gap: 1.5,
                minWidth: { md: 140 },
              }}
            >
              <Typography variant="subtitle2" color="text.secondary">
                {t('profile.preview')}
              </Typography>
              <Avatar
                src={previewUrl ?? undefined}
                alt={t('profile.preview')}
                sx={{ width: 96, height: 96, bgcolor: 'primary.dark', color: '#fff', fontSize: 34 }}
              >
                {initials(user.name)}
              </Avatar>
            </Box>
          </Box>
        ) : (
          <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 2, py: 1 }}>
            <Avatar
              src={user.profilePicture?.url}
              alt={user.profilePicture ? t('profile.photoCurrent') : undefined}
              sx={{ width: 140, height: 140, bgcolor: 'primary.dark', color: '#fff', fontSize: 48 }}
            >
              {initials(user.name)}
            </Avatar>
          </Box>
        )}
        <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 0.5, mt: 2 }}>
          {chooseButton}
          {fileError ? (
            <FormHelperText id={hintId} error role="alert" data-error-focus sx={{ textAlign: 'center' }}>
              {fileError}
            </FormHelperText>
          ) : (
            <FormHelperText id={hintId} sx={{ textAlign: 'center' }}>
              {t('profile.photoHint', { maxMb: imageMaxMegabytes, side: limits.avatarMaxSide })}
            </FormHelperText>
          )}
        </Box>
        <FormError message={failure} />
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1, px: 3, pb: 2 }}>
        {user.profilePicture && !imageUrl ? (
          <Button
            color="error"
            startIcon={
              remove.isPending ? (
                <CircularProgress size={16} color="inherit" aria-hidden />
              ) : (
                <DeleteOutline />
              )
            }
            onClick={() => void removePhoto()}
            disabled={pending}
            sx={{ mr: 'auto', color: 'error.dark' }}
          >
            {t('profile.removePhoto')}
          </Button>
        ) : null}
        <Button onClick={onClose} disabled={pending}>
          {t('profile.cancel')}
        </Button>
        <Button
          variant="contained"
          onClick={() => void save()}
          disabled={pending || !imageUrl || !area}
          aria-busy={saving}
          startIcon={saving ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
        >
          {t('profile.savePhoto')}
        </Button>
      </DialogActions>
    </>
  );
}
