import { useEffect, useId, useState } from 'react';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Typography from '@mui/material/Typography';
import PhotoCameraOutlined from '#icons/PhotoCameraOutlined';
import { useTranslation } from 'react-i18next';
import { limits } from '@fics/contracts';
import { checkImageFile, imageMaxMegabytes } from '../../../lib/image-file';
import { initials } from '../../../lib/user-display';

interface AvatarFieldProps {
  name: string;
  /** The picture the user has now, if any. */
  currentUrl: string | null;
  file: File | null;
  onChange: (file: File | null) => void;
  /** A client-side or server message about the file. */
  error: string | null;
  onError: (message: string | null) => void;
  disabled?: boolean;
}

/** Choose an image, see it before saving; a wrong type or size is refused before any upload. */
export function AvatarField({
  name,
  currentUrl,
  file,
  onChange,
  error,
  onError,
  disabled = false,
}: AvatarFieldProps) {
  const { t } = useTranslation();
  const inputId = useId();
  const errorId = useId();
  const [previewUrl, setPreviewUrl] = useState<string | null>(null);

  useEffect(() => {
    if (!file) {
      setPreviewUrl(null);
      return undefined;
    }
    const url = URL.createObjectURL(file);
    setPreviewUrl(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const src = previewUrl ?? currentUrl ?? undefined;

  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
      <Avatar
        src={src}
        alt={src ? t('users.avatarPreview') : undefined}
        sx={{ width: 72, height: 72, fontSize: 26, bgcolor: 'primary.main', color: 'primary.contrastText' }}
      >
        {initials(name)}
      </Avatar>
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="body2" sx={{ fontWeight: 600, mb: 0.5 }}>
          {t('users.avatar')}
        </Typography>
        <Button
          component="label"
          htmlFor={inputId}
          variant="outlined"
          size="small"
          startIcon={<PhotoCameraOutlined />}
          disabled={disabled}
        >
          {t('users.chooseImage')}
          <input
            id={inputId}
            type="file"
            accept="image/*"
            hidden
            disabled={disabled}
            aria-describedby={error ? errorId : undefined}
            aria-invalid={Boolean(error)}
            onChange={(event) => {
              const chosen = event.target.files?.[0];
              // Choosing the same file again after an error must fire onChange again.
              event.target.value = '';
              if (!chosen) {
                return;
              }
              const problem = checkImageFile(chosen);
              onError(problem);
              onChange(problem ? null : chosen);
            }}
          />
        </Button>
        {error ? (
          <FormHelperText id={errorId} error role="alert">
            {error}
          </FormHelperText>
        ) : (
          <FormHelperText>
            {t('users.avatarHint', { maxMb: imageMaxMegabytes, side: limits.avatarMaxSide })}
          </FormHelperText>
        )}
      </Box>
    </Box>
  );
}
