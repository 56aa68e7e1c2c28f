import { lazy, Suspense, useId, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Slider from '@mui/material/Slider';
import Rotate90DegreesCw from '#icons/Rotate90DegreesCwOutlined';
import ZoomIn from '#icons/ZoomIn';
import ZoomOut from '#icons/ZoomOut';
import { useTranslation } from 'react-i18next';
import type * as EasyCrop from 'react-easy-crop';
import { compressToPng, type PixelArea } from '../lib/crop-image';
import { FormError } from './FormError';

// The crop widget is its own chunk, fetched when a crop opens (architecture.md §2). One fetch for
// the preload and the component alike; a failed one is forgotten so the next opening tries again.
let cropperChunk: Promise<typeof EasyCrop> | null = null;
function loadCropper(): Promise<typeof EasyCrop> {
  cropperChunk ??= import('react-easy-crop').catch((error: unknown) => {
    cropperChunk = null;
    throw error;
  });
  return cropperChunk;
}
const Cropper = lazy(loadCropper);

/** Starts fetching the crop widget, e.g. while the user picks a file. */
export function preloadCropper(): void {
  loadCropper().catch(() => undefined);
}

/** Spec 000 §9 and 001 §9: square, zoom 1x to 3x in tenths, rotation 0 to 360 degrees. */
export const CROP_ZOOM = { min: 1, max: 3, step: 0.1 } as const;
export const CROP_ROTATION = { min: 0, max: 360, step: 1 } as const;

/** What the crop area currently frames: the area in the rotated image's pixels, and the rotation. */
export interface CropSelection {
  area: PixelArea;
  rotation: number;
}

interface ImageCropperProps {
  /** An object URL of the chosen file. Remount (key) to start a new image from zoom 1, rotation 0. */
  imageUrl: string;
  onChange: (selection: CropSelection) => void;
  /** The browser could not draw the file (a wrong extension, a broken file). */
  onUnreadable: () => void;
  disabled?: boolean;
}

/**
 * The square crop area with its zoom and rotation sliders, for dialogs that add their own parts
 * (the profile photo's preview); ImageCropDialog below is the whole dialog.
 */
export function ImageCropper({ imageUrl, onChange, onUnreadable, disabled = false }: ImageCropperProps) {
  const { t } = useTranslation();
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState<number>(CROP_ZOOM.min);
  const [rotation, setRotation] = useState<number>(CROP_ROTATION.min);
  return (
    <Box>
      <Box
        sx={{
          position: 'relative',
          height: { xs: 260, md: 320 },
          borderRadius: 1,
          overflow: 'hidden',
          bgcolor: 'grey.900',
        }}
      >
        <Suspense
          fallback={
            <Box sx={{ display: 'grid', placeItems: 'center', height: '100%' }}>
              <CircularProgress aria-label={t('common.loading')} />
            </Box>
          }
        >
          <Cropper
            image={imageUrl}
            crop={crop}
            zoom={zoom}
            rotation={rotation}
            minZoom={CROP_ZOOM.min}
            maxZoom={CROP_ZOOM.max}
            aspect={1}
            showGrid={false}
            onCropChange={setCrop}
            onZoomChange={setZoom}
            onRotationChange={setRotation}
            onCropComplete={(_, pixels) => onChange({ area: pixels, rotation })}
            mediaProps={{ onError: onUnreadable, alt: '' }}
            cropperProps={{ role: 'group', 'aria-label': t('storyEditor.crop.area') }}
          />
        </Suspense>
      </Box>
      <SliderRow
        icon={<ZoomOut color="action" aria-hidden />}
        endIcon={<ZoomIn color="action" aria-hidden />}
      >
        <Slider
          value={zoom}
          min={CROP_ZOOM.min}
          max={CROP_ZOOM.max}
          step={CROP_ZOOM.step}
          onChange={(_, value) => setZoom(value)}
          aria-label={t('storyEditor.crop.zoom')}
          getAriaValueText={(value) => `${value.toFixed(1)}x`}
          valueLabelDisplay="auto"
          valueLabelFormat={(value) => `${value.toFixed(1)}x`}
          disabled={disabled}
        />
      </SliderRow>
      <SliderRow icon={<Rotate90DegreesCw color="action" aria-hidden />}>
        <Slider
          value={rotation}
          min={CROP_ROTATION.min}
          max={CROP_ROTATION.max}
          step={CROP_ROTATION.step}
          onChange={(_, value) => setRotation(value)}
          aria-label={t('storyEditor.crop.rotation')}
          getAriaValueText={(value) => `${value}°`}
          valueLabelDisplay="auto"
          valueLabelFormat={(value) => `${value}°`}
          disabled={disabled}
        />
      </SliderRow>
    </Box>
  );
}

function SliderRow({
  icon,
  endIcon,
  children,
}: {
  icon: ReactNode;
  endIcon?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mt: 1.5, px: 1 }}>
      {icon}
      {children}
      {/* Keeps both sliders the same length when only one has an end icon. */}
      {endIcon ?? <Box sx={{ width: 24, flexShrink: 0 }} aria-hidden />}
    </Box>
  );
}

interface ImageCropDialogProps {
  /** An object URL of the chosen file; the dialog is open while there is one. */
  imageUrl: string | null;
  title?: string;
  /** Longest side of the result in px (the PNG is also brought under 1 MB). */
  maxSide: number;
  onClose: () => void;
  onCropped: (png: Blob) => void;
  /** The browser could not draw the file: the dialog closes and the caller says why. */
  onUnreadable: () => void;
}

/** Crops a chosen image to a square (zoom, rotation) and hands back a PNG of at most 1 MB. */
export function ImageCropDialog({
  imageUrl,
  title,
  maxSide,
  onClose,
  onCropped,
  onUnreadable,
}: ImageCropDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  // Each selection and failure belongs to the image it was made on; another image starts clean.
  const [cropped, setCropped] = useState<{ url: string; selection: CropSelection } | null>(null);
  const [failed, setFailed] = useState<{ url: string; message: string } | null>(null);
  const [working, setWorking] = useState(false);
  const selection = cropped && cropped.url === imageUrl ? cropped.selection : null;
  const failure = failed && failed.url === imageUrl ? failed.message : null;

  const apply = async () => {
    if (!imageUrl || !selection) {
      return;
    }
    setWorking(true);
    setFailed(null);
    try {
      const png = await compressToPng(imageUrl, selection.area, { maxSide, rotation: selection.rotation });
      onCropped(png);
    } catch {
      setFailed({ url: imageUrl, message: t('storyEditor.crop.failed') });
    } finally {
      setWorking(false);
    }
  };

  return (
    <Dialog
      open={imageUrl !== null}
      onClose={working ? undefined : onClose}
      aria-labelledby={titleId}
      maxWidth="sm"
      fullWidth
    >
      <DialogTitle id={titleId}>{title ?? t('storyEditor.crop.title')}</DialogTitle>
      <DialogContent>
        {imageUrl ? (
          <ImageCropper
            key={imageUrl}
            imageUrl={imageUrl}
            onChange={(next) => setCropped({ url: imageUrl, selection: next })}
            onUnreadable={onUnreadable}
            disabled={working}
          />
        ) : null}
        <FormError message={failure} />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={working}>
          {t('common.cancel')}
        </Button>
        <Button
          variant="contained"
          onClick={() => void apply()}
          disabled={working || !selection}
          aria-busy={working}
          startIcon={working ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
        >
          {working ? t('storyEditor.crop.processing') : t('storyEditor.crop.apply')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
