import { EMAIL_DESIGN_MESSAGES, EMAIL_IMAGE_MAX_BYTES, EMAIL_IMAGE_TYPES } from '@laurel/domain';
import { ApiError } from '../../shared/api/errors.ts';
import { uploadEmailImage } from './api.ts';

/** Why an image may not go into the email, checked before anything is sent (docs/product/email-editor.md#rules-and-limits). */
export function imageFileProblem(file: File): string | null {
  if (!(EMAIL_IMAGE_TYPES as readonly string[]).includes(file.type)) return EMAIL_DESIGN_MESSAGES.imageType;
  if (file.size > EMAIL_IMAGE_MAX_BYTES) return EMAIL_DESIGN_MESSAGES.imageTooLarge;
  return null;
}

/** Messages are read far from this site, so every address in them is absolute. */
export function absoluteUrl(path: string): string {
  return new URL(path, window.location.origin).href;
}

/** Uploads an email image and returns its absolute address; failures carry the message to show. */
export async function uploadImageForEmail(file: File): Promise<string> {
  try {
    const { imagepath } = await uploadEmailImage(file);
    return absoluteUrl(imagepath);
  } catch (error) {
    const message = error instanceof ApiError ? error.body.errors[0] : null;
    throw new Error(message || 'Error while uploading this image.');
  }
}
