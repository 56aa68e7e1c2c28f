import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { limits, userMessages } from '@fics/contracts';
import { AppError, validationError } from '../../lib/errors';

/**
 * Formats sharp's bundled libvips decodes. SVG is left out on purpose (scripts, external
 * references), and so is HEIC: the bundled libheif reads AVIF only (no HEVC decoder).
 */
const acceptedTypes = new Set(['image/png', 'image/jpeg', 'image/webp', 'image/gif', 'image/avif']);

/** Decoding more than this many pixels is refused (a small file can hide a huge canvas). */
export const MAX_INPUT_PIXELS = 40_000_000;

export interface ProcessedImage {
  bytes: Buffer;
  width: number;
  height: number;
  contentType: 'image/png';
}

export const notAnImage = () =>
  validationError({ file: userMessages.fileNotImage }, userMessages.fileNotImage);

export const imageTooLarge = () =>
  new AppError('PAYLOAD_TOO_LARGE', userMessages.fileTooLarge, {
    errors: { file: userMessages.fileTooLarge },
  });

/**
 * Checks an upload by its content (never its name or declared type) and re-encodes it:
 * EXIF orientation applied, fitted inside 200x200 without enlargement, PNG. Re-encoding drops
 * every metadata block (EXIF, GPS, XMP, ICC) because sharp keeps none unless asked.
 */
export async function processImage(input: Buffer): Promise<ProcessedImage> {
  if (input.length > limits.imageMaxBytes) {
    throw imageTooLarge();
  }
  const type = await fileTypeFromBuffer(input);
  if (!type || !acceptedTypes.has(type.mime)) {
    throw notAnImage();
  }
  try {
    const { data, info } = await sharp(input, {
      limitInputPixels: MAX_INPUT_PIXELS,
      // Truncated or corrupt data is an error, not a half-grey picture.
      failOn: 'error',
      // Animated GIF and WebP: the first frame only.
      animated: false,
    })
      .rotate()
      .resize(limits.avatarMaxSide, limits.avatarMaxSide, { fit: 'inside', withoutEnlargement: true })
      .png({ compressionLevel: 9 })
      .toBuffer({ resolveWithObject: true });
    return { bytes: data, width: info.width, height: info.height, contentType: 'image/png' };
  } catch (error) {
    if (error instanceof Error && /pixel limit/i.test(error.message)) {
      throw validationError({ file: userMessages.imageTooManyPixels }, userMessages.imageTooManyPixels);
    }
    throw notAnImage();
  }
}
