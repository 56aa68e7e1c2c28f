import { limits } from '@fics/contracts';

/**
 * A rectangle in natural pixels, as react-easy-crop reports it: with a rotation, relative to the
 * bounding box of the rotated image.
 */
export interface PixelArea {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface CropOptions {
  /** Longest side of the result in px; smaller crops keep their size (never enlarged). */
  maxSide: number;
  /** Degrees clockwise, as the crop dialog's slider sets it. */
  rotation?: number;
}

function loadImage(url: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('image'));
    image.src = url;
  });
}

/** Width and height of the box that holds a `width` x `height` image turned by `rotation` degrees. */
export function rotatedSize(width: number, height: number, rotation: number) {
  const radians = (rotation * Math.PI) / 180;
  const cos = Math.abs(Math.cos(radians));
  const sin = Math.abs(Math.sin(radians));
  return { width: width * cos + height * sin, height: width * sin + height * cos };
}

/** The result's size for `area` with its longest side at most `maxSide`. */
export function outputSize(area: PixelArea, maxSide: number) {
  const scale = Math.min(1, maxSide / Math.max(area.width, area.height));
  return {
    width: Math.max(1, Math.round(area.width * scale)),
    height: Math.max(1, Math.round(area.height * scale)),
  };
}

/**
 * Draws `area` of the rotated image straight onto a canvas of the output size. Transforming the
 * context instead of first painting the whole rotated photo keeps a 12-megapixel phone picture from
 * needing a second canvas of the same size.
 */
function drawCrop(image: HTMLImageElement, area: PixelArea, maxSide: number, rotation: number) {
  const { width, height } = outputSize(area, maxSide);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) {
    throw new Error('canvas');
  }
  const box = rotatedSize(image.naturalWidth, image.naturalHeight, rotation);
  context.imageSmoothingQuality = 'high';
  context.scale(width / area.width, height / area.height);
  context.translate(-area.x, -area.y);
  context.translate(box.width / 2, box.height / 2);
  context.rotate((rotation * Math.PI) / 180);
  context.drawImage(image, -image.naturalWidth / 2, -image.naturalHeight / 2);
  return canvas;
}

function encodePng(canvas: HTMLCanvasElement): Promise<Blob> {
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('encode'))), 'image/png');
  });
}

/**
 * Draws `area` of the image at `url` (rotated by `rotation`) with its longest side at most `maxSide`,
 * encoded as PNG. The server re-encodes it again; doing it here keeps uploads small and makes a
 * preview exactly what is saved.
 */
export async function cropToPng(url: string, area: PixelArea, { maxSide, rotation = 0 }: CropOptions) {
  const image = await loadImage(url);
  return encodePng(drawCrop(image, area, maxSide, rotation));
}

/** The smallest side tried before giving up on fitting the byte limit. */
const MIN_SIDE = 64;

/**
 * Encodes at `startSide`, then at smaller sides until the result weighs at most `maxBytes`. A PNG's
 * weight grows about with its pixel count, so each step aims straight at the limit (square root of
 * the overshoot, with a margin) and never shrinks by less than 10 % or more than half.
 */
export async function shrinkUntilFits(
  encode: (side: number) => Promise<Blob>,
  startSide: number,
  maxBytes: number,
): Promise<Blob> {
  let side = Math.max(1, Math.round(startSide));
  for (;;) {
    const blob = await encode(side);
    if (blob.size <= maxBytes) {
      return blob;
    }
    if (side <= MIN_SIDE) {
      throw new Error('too-large');
    }
    const factor = Math.min(0.9, Math.max(0.5, Math.sqrt(maxBytes / blob.size) * 0.95));
    side = Math.max(MIN_SIDE, Math.floor(side * factor));
  }
}

/**
 * Like cropToPng, lowering the longest side step by step until the PNG weighs at most `maxBytes`
 * (by default the upload limit, 1 MB: spec 001 §5, 'at most 1 MB and 1080 px, as PNG').
 */
export async function compressToPng(
  url: string,
  area: PixelArea,
  { maxSide, rotation = 0, maxBytes = limits.imageMaxBytes }: CropOptions & { maxBytes?: number },
): Promise<Blob> {
  const image = await loadImage(url);
  const start = Math.min(maxSide, Math.max(area.width, area.height));
  return shrinkUntilFits((side) => encodePng(drawCrop(image, area, side, rotation)), start, maxBytes);
}
