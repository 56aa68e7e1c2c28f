import { limits } from '@fics/contracts';

/** A rectangle of the source image in natural pixels, as react-easy-crop reports it. */
export interface PixelArea {
  x: number;
  y: number;
  width: number;
  height: number;
}

function loadImage(url: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('image'));
    image.src = url;
  });
}

/**
 * Draws `area` of the image at `url` onto a square canvas of at most 200 x 200 px and encodes it as
 * PNG (spec 000 §9). The server re-encodes it again; doing it here keeps the upload small and makes
 * the preview exactly what is saved.
 */
export async function cropToPng(url: string, area: PixelArea): Promise<Blob> {
  const image = await loadImage(url);
  const side = Math.max(1, Math.min(limits.avatarMaxSide, Math.round(area.width)));
  const canvas = document.createElement('canvas');
  canvas.width = side;
  canvas.height = side;
  const context = canvas.getContext('2d');
  if (!context) {
    throw new Error('canvas');
  }
  context.imageSmoothingQuality = 'high';
  context.drawImage(image, area.x, area.y, area.width, area.height, 0, 0, side, side);
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('encode'))), 'image/png');
  });
}
