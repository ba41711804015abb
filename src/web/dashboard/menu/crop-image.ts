// The crop modal's result drawn in the browser (spec §2 "Image crop modal"): the chosen 3:2 area
// of the picture onto a canvas, at most OUTPUT_WIDTH wide (the server stores 800×533, so more is
// wasted bytes), as a JPEG to upload.
import type { Area } from 'react-easy-crop';

/** The item image's shape: the storefront's card and modal show 3:2. */
export const CROP_ASPECT = 3 / 2;
/** Wide enough for the server's 800 px after its own resize, small enough to upload quickly. */
export const OUTPUT_WIDTH = 1200;

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('The picture could not be read'));
    image.src = src;
  });
}

export async function cropImage(src: string, area: Area): Promise<Blob> {
  const image = await loadImage(src);
  const width = Math.max(1, Math.min(OUTPUT_WIDTH, Math.round(area.width)));
  const height = Math.max(1, Math.round(width / CROP_ASPECT));
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('This browser cannot crop pictures');
  context.fillStyle = '#fff'; // a transparent PNG gets a white background, as JPEG has no alpha
  context.fillRect(0, 0, width, height);
  context.imageSmoothingQuality = 'high';
  context.drawImage(image, area.x, area.y, area.width, area.height, 0, 0, width, height);
  return new Promise((resolve, reject) => {
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('The picture could not be cropped'))),
      'image/jpeg',
      0.9,
    );
  });
}
