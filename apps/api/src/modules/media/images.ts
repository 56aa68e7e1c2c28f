import type sharpModule from 'sharp';
import { limits, userMessages } from '@fics/contracts';
import { AppError, validationError } from '../../lib/errors';
import { lazyRequire } from '../../lib/lazy-require';

/** sharp (and file-type below) load with the first upload, not at start (lib/lazy-require.ts). */
const sharp = lazyRequire<typeof sharpModule>('sharp');

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
  contentType: 'image/png' | 'image/webp';
}

/** An upload's pixels, decoded once; every encoding of it starts from here. */
export interface DecodedImage {
  pixels: Buffer;
  width: number;
  height: number;
  channels: 1 | 2 | 3 | 4;
}

export const notAnImage = () =>
  validationError({ file: userMessages.fileNotImage }, userMessages.fileNotImage);

export const imageTooLarge = () =>
  new AppError('PAYLOAD_TOO_LARGE', userMessages.fileTooLarge, {
    errors: { file: userMessages.fileTooLarge },
  });

/**
 * Checks an upload by its content (never its name or declared type) and decodes it once: EXIF
 * orientation applied, fitted inside maxSide x maxSide without enlargement, 8-bit sRGB pixels.
 * Only pixels come out, so every metadata block (EXIF, GPS, XMP, ICC) is gone from what is encoded.
 */
export async function decodeImage(input: Buffer, options: { maxSide: number }): Promise<DecodedImage> {
  if (input.length > limits.imageMaxBytes) {
    throw imageTooLarge();
  }
  const { fileTypeFromBuffer } = await import('file-type');
  const type = await fileTypeFromBuffer(input);
  if (!type || !acceptedTypes.has(type.mime)) {
    throw notAnImage();
  }
  try {
    const { data, info } = await sharp()(input, {
      limitInputPixels: MAX_INPUT_PIXELS,
      // Truncated or corrupt data is an error, not a half-grey picture.
      failOn: 'error',
      // Animated GIF and WebP: the first frame only.
      animated: false,
    })
      .rotate()
      .resize(options.maxSide, options.maxSide, { fit: 'inside', withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
    return { pixels: data, width: info.width, height: info.height, channels: info.channels };
  } catch (error) {
    if (error instanceof Error && /pixel limit/i.test(error.message)) {
      throw validationError({ file: userMessages.imageTooManyPixels }, userMessages.imageTooManyPixels);
    }
    throw notAnImage();
  }
}

/** A new sharp pipeline reading decoded pixels (cheap: no file is parsed again). */
export const fromDecoded = (image: DecodedImage) =>
  sharp()(image.pixels, { raw: { width: image.width, height: image.height, channels: image.channels } });

/** Decoded pixels as PNG, at their size. */
export async function encodePng(image: DecodedImage): Promise<ProcessedImage> {
  const { data, info } = await fromDecoded(image)
    .png({ compressionLevel: 9 })
    .toBuffer({ resolveWithObject: true });
  return { bytes: data, width: info.width, height: info.height, contentType: 'image/png' };
}

/**
 * Checks an upload by its content and re-encodes it as PNG, fitted inside `maxSide` (the avatar's
 * 200 unless told) without enlargement, EXIF orientation applied, every metadata block dropped.
 */
export async function processImage(
  input: Buffer,
  options: { maxSide?: number } = {},
): Promise<ProcessedImage> {
  return encodePng(await decodeImage(input, { maxSide: options.maxSide ?? limits.avatarMaxSide }));
}
