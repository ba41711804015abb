// The image crop modal (spec §2, §9: zoom from 1 to 2.5 in steps of 0.01, starting at 1.2): the
// picture under a 3:2 frame (react-easy-crop: drag, wheel or arrow keys to move, pinch or wheel to
// zoom) and a zoom slider (react-aria). "Use image" draws the framed part on a canvas.
import { useState } from 'react';
import Cropper, { type Area, type Point } from 'react-easy-crop';
import { Label, Slider, SliderOutput, SliderThumb, SliderTrack } from 'react-aria-components';
import { DashboardDialog } from '../components/DashboardDialog.js';
import { CROP_ASPECT, cropImage } from './crop-image.js';

export const ZOOM = { min: 1, max: 2.5, step: 0.01, start: 1.2 } as const;

export function ImageCropModal({
  src,
  onCancel,
  onCropped,
}: {
  src: string;
  onCancel: () => void;
  onCropped: (image: Blob) => void;
}) {
  const [crop, setCrop] = useState<Point>({ x: 0, y: 0 });
  const [zoom, setZoom] = useState<number>(ZOOM.start);
  const [area, setArea] = useState<Area | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const use = async () => {
    if (!area) return;
    setBusy(true);
    setError(null);
    try {
      onCropped(await cropImage(src, area));
    } catch (e) {
      setError(e instanceof Error ? e.message : 'The picture could not be cropped');
      setBusy(false);
    }
  };

  return (
    <DashboardDialog
      title="Crop image"
      onClose={onCancel}
      className="crop-modal"
      dismissable={!busy}
    >
      <div className="crop-modal__stage">
        <Cropper
          image={src}
          crop={crop}
          zoom={zoom}
          minZoom={ZOOM.min}
          maxZoom={ZOOM.max}
          aspect={CROP_ASPECT}
          zoomSpeed={0.2}
          onCropChange={setCrop}
          onZoomChange={(z) => setZoom(Math.min(ZOOM.max, Math.max(ZOOM.min, z)))}
          onCropComplete={(_percent, pixels) => setArea(pixels)}
          cropperProps={{
            role: 'group',
            'aria-label': 'Crop frame: drag the picture, or move it with the arrow keys',
          }}
        />
      </div>
      <Slider
        className="crop-modal__zoom"
        minValue={ZOOM.min}
        maxValue={ZOOM.max}
        step={ZOOM.step}
        value={zoom}
        onChange={(v) => setZoom(Array.isArray(v) ? (v[0] ?? ZOOM.start) : v)}
        formatOptions={{ maximumFractionDigits: 2, minimumFractionDigits: 2 }}
      >
        <div className="crop-modal__zoom-head">
          <Label>Zoom</Label>
          <SliderOutput />
        </div>
        <SliderTrack className="crop-modal__track">
          <SliderThumb className="crop-modal__thumb" />
        </SliderTrack>
      </Slider>
      <p className="muted">The storefront shows item pictures in 3:2, as framed here.</p>
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="dash-dialog__actions">
        <button type="button" className="button" onClick={onCancel} disabled={busy}>
          Cancel
        </button>
        <button
          type="button"
          className="button button--primary"
          onClick={() => void use()}
          disabled={busy || !area}
        >
          {busy ? 'Cropping…' : 'Use image'}
        </button>
      </div>
    </DashboardDialog>
  );
}
