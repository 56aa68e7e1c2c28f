import { useEffect, useId, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Typography from '@mui/material/Typography';
import AddPhotoAlternateOutlined from '#icons/AddPhotoAlternateOutlined';
import ImageOutlined from '#icons/ImageOutlined';
import { useTranslation } from 'react-i18next';
import { storyLimits, userMessages } from '@fics/contracts';
import { ImageCropDialog, preloadCropper } from '../../../../components/ImageCropDialog';
import { imageMaxMegabytes } from '../../../../lib/image-file';

/**
 * The chosen file is only read to be cropped and compressed under 1 MB, so it may be bigger than
 * the upload limit (a phone photo weighs 3 to 8 MB); past this a phone may run out of memory.
 */
const SOURCE_MAX_BYTES = 25 * 1024 * 1024;

interface CoverFieldProps {
  /** The cropped PNG chosen in this form, if any. */
  value: Blob | null;
  onChange: (png: Blob) => void;
  /** Edit mode: the fic's current cover, shown until another is chosen. */
  currentUrl?: string;
  error?: string;
  /** Lets react-hook-form focus the field on a validation error. */
  buttonRef?: (element: HTMLElement | null) => void;
}

/** The cover: choose an image, crop it square (zoom, rotation) and see the PNG that will be sent. */
export function CoverField({ value, onChange, currentUrl, error, buttonRef }: CoverFieldProps) {
  const { t } = useTranslation();
  const inputId = useId();
  const hintId = useId();
  const [sourceUrl, setSourceUrl] = useState<string | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [previewUrl, setPreviewUrl] = useState<string | null>(null);

  useEffect(() => {
    if (!value) {
      setPreviewUrl(null);
      return undefined;
    }
    const url = URL.createObjectURL(value);
    setPreviewUrl(url);
    return () => URL.revokeObjectURL(url);
  }, [value]);

  useEffect(() => (sourceUrl ? () => URL.revokeObjectURL(sourceUrl) : undefined), [sourceUrl]);

  const choose = (file: File) => {
    if (!file.type.startsWith('image/')) {
      setFileError(userMessages.fileNotImage);
      return;
    }
    if (file.size > SOURCE_MAX_BYTES) {
      setFileError(userMessages.fileTooLarge);
      return;
    }
    setFileError(null);
    setSourceUrl(URL.createObjectURL(file));
  };

  const shown = previewUrl ?? currentUrl ?? null;
  const message = fileError ?? error;

  return (
    <Box>
      <Box
        sx={{
          position: 'relative',
          width: '100%',
          maxWidth: { xs: 260, md: '100%' },
          mx: 'auto',
          aspectRatio: '1 / 1',
          borderRadius: 1,
          overflow: 'hidden',
          border: 1,
          borderStyle: shown ? 'solid' : 'dashed',
          borderColor: message ? 'error.dark' : 'divider',
          bgcolor: 'grey.50',
          display: 'grid',
          placeItems: 'center',
        }}
      >
        {shown ? (
          <Box
            component="img"
            src={shown}
            alt={t('storyEditor.coverAlt')}
            sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
          />
        ) : (
          <Box sx={{ textAlign: 'center', color: 'text.secondary', px: 2 }}>
            <ImageOutlined sx={{ fontSize: 48 }} aria-hidden />
            <Typography variant="body2">{t('storyEditor.cover')}</Typography>
          </Box>
        )}
      </Box>
      <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 0.5, mt: 1.5 }}>
        <Button
          component="label"
          htmlFor={inputId}
          ref={buttonRef}
          variant={shown ? 'outlined' : 'contained'}
          startIcon={<AddPhotoAlternateOutlined />}
          onMouseEnter={preloadCropper}
          onFocus={preloadCropper}
        >
          {shown ? t('storyEditor.changeCover') : t('storyEditor.chooseCover')}
          <input
            id={inputId}
            type="file"
            accept="image/*"
            hidden
            aria-describedby={hintId}
            aria-invalid={Boolean(message)}
            onChange={(event) => {
              const file = event.target.files?.[0];
              // Choosing the same file again after an error or a cancel must fire onChange again.
              event.target.value = '';
              if (file) {
                choose(file);
              }
            }}
          />
        </Button>
        <FormHelperText
          id={hintId}
          error={Boolean(message)}
          role={message ? 'alert' : undefined}
          sx={{ textAlign: 'center' }}
        >
          {message ??
            (currentUrl && !value
              ? t('storyEditor.coverEditHint')
              : t('storyEditor.coverHint', { maxMb: imageMaxMegabytes, side: storyLimits.coverMaxSide }))}
        </FormHelperText>
      </Box>
      <ImageCropDialog
        imageUrl={sourceUrl}
        title={t('storyEditor.coverCropTitle')}
        maxSide={storyLimits.coverMaxSide}
        onClose={() => setSourceUrl(null)}
        onUnreadable={() => {
          setSourceUrl(null);
          setFileError(userMessages.fileNotImage);
        }}
        onCropped={(png) => {
          setSourceUrl(null);
          onChange(png);
        }}
      />
    </Box>
  );
}
