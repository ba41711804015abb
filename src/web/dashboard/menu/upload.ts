// The image upload (spec §7 "POST /api/files/upload (multipart field file)"): the contract's route,
// its path from the ref and its answer typed by the route's schema. `call` speaks JSON only, so
// this one route is sent here as multipart, with the same cookies and the same error mapping.
import { UPLOAD_FIELD } from '../../../contract/files.js';
import { uploadFile } from '../../../contract/refs.js';
import type { RouteAnswer } from '../../../contract/route.js';
import { ApiError, errorFromResponse, urlOf } from '../../lib/api.js';

export type UploadAnswer = RouteAnswer<typeof uploadFile>;

/** The formats the upload takes (spec §5: png, jpeg, jpg); the server checks the bytes again. */
export const IMAGE_TYPES = ['image/png', 'image/jpeg'] as const;
export const IMAGE_ACCEPT = 'image/png,image/jpeg,.png,.jpg,.jpeg';

export function isAcceptedImage(file: File): boolean {
  if ((IMAGE_TYPES as readonly string[]).includes(file.type)) return true;
  // Some systems give no type: judge by the name, the server judges by the content.
  return file.type === '' && /\.(png|jpe?g)$/i.test(file.name);
}

export async function uploadImage(image: Blob, name: string): Promise<UploadAnswer> {
  const form = new FormData();
  form.append(UPLOAD_FIELD, image, name);
  let response: Response;
  try {
    response = await fetch(urlOf(uploadFile), {
      method: uploadFile.method,
      credentials: 'same-origin',
      headers: { Accept: 'application/json' },
      body: form,
    });
  } catch {
    throw new ApiError(
      0,
      'network_error',
      'Cannot reach the server. Please check your connection and try again.',
    );
  }
  const text = await response.text();
  let body: unknown;
  try {
    body = text === '' ? undefined : JSON.parse(text);
  } catch {
    body = undefined;
  }
  if (!response.ok) throw errorFromResponse(response.status, body);
  return body as UploadAnswer;
}
