import { limits, userMessages } from '@fics/contracts';

/** The image size limit in megabytes, as the hints word it ('hasta 1 MB'). */
export const imageMaxMegabytes = limits.imageMaxBytes / (1024 * 1024);

/**
 * Spec 000 §5 Avatar and profile photo: an image of at most 1,048,576 bytes. Returns the spec's
 * message for a file to refuse before any upload, or null when the file may be used.
 */
export function checkImageFile(file: File): string | null {
  if (!file.type.startsWith('image/')) {
    return userMessages.fileNotImage;
  }
  if (file.size > limits.imageMaxBytes) {
    return userMessages.fileTooLarge;
  }
  return null;
}
