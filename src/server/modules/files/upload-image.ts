// Checks an uploaded image by its content and re-encodes it (docs/design/security.md, "Abuse and
// overload"): the first bytes must be PNG's or JPEG's signature and sharp must read the same format
// from them, so a file named .png that is something else (an SVG, HTML, a PDF) is refused before
// any decoder but those two sees it. The stored image is a fresh WebP drawn from the pixels:
// nothing of the original file (metadata, GPS position, trailing bytes) is kept.
import sharp, { type Metadata } from 'sharp';
import { ITEM_IMAGE_SIZE, UPLOAD_FIELD, type UPLOAD_FORMATS } from '../../../contract/files.js';
import { invalidInput } from '../../lib/app-error.js';

/** The most pixels decoded (a 5 MiB PNG can hold a far larger picture than a photo needs). */
export const UPLOAD_MAX_PIXELS = 50_000_000;

const SIGNATURES: Record<(typeof UPLOAD_FORMATS)[number], number[]> = {
  png: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  jpeg: [0xff, 0xd8, 0xff],
};

/** The format the file's first bytes announce, if it is one we take. */
export function sniffFormat(bytes: Uint8Array): keyof typeof SIGNATURES | null {
  for (const [format, signature] of Object.entries(SIGNATURES)) {
    if (signature.every((b, i) => bytes[i] === b)) return format as keyof typeof SIGNATURES;
  }
  return null;
}

const refuse = (message: string) =>
  invalidInput(message, [{ path: ['body', UPLOAD_FIELD], message }]);

export const NOT_AN_IMAGE = `The "${UPLOAD_FIELD}" field must hold a PNG or JPEG image`;

export interface EncodedImage {
  bytes: Buffer;
  width: number;
  height: number;
  contentType: 'image/webp';
}

/** The uploaded bytes as the storefront's item image (WebP, 3:2), or a 400 naming the field. */
export async function encodeItemImage(bytes: Buffer): Promise<EncodedImage> {
  if (bytes.length === 0) throw refuse(`The "${UPLOAD_FIELD}" field is empty`);
  const sniffed = sniffFormat(bytes);
  if (!sniffed) throw refuse(NOT_AN_IMAGE);
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw refuse(NOT_AN_IMAGE);
  }
  if (meta.format !== sniffed || !meta.width || !meta.height) throw refuse(NOT_AN_IMAGE);
  if (meta.width * meta.height > UPLOAD_MAX_PIXELS)
    throw refuse(
      `The "${UPLOAD_FIELD}" image is too large: at most ${UPLOAD_MAX_PIXELS / 1_000_000} megapixels`,
    );
  try {
    const { data, info } = await sharp(bytes, {
      limitInputPixels: UPLOAD_MAX_PIXELS,
      failOn: 'error',
    })
      .rotate() // the camera's orientation, before the metadata that holds it is dropped
      .resize(ITEM_IMAGE_SIZE.width, ITEM_IMAGE_SIZE.height, { fit: 'cover', position: 'centre' })
      .webp({ quality: 80 })
      .toBuffer({ resolveWithObject: true });
    return { bytes: data, width: info.width, height: info.height, contentType: 'image/webp' };
  } catch {
    throw refuse(`The "${UPLOAD_FIELD}" image could not be read: it may be damaged or incomplete`);
  }
}
