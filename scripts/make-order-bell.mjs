// Writes the dashboard's new-order bell (src/web/dashboard/live/assets/order-bell.wav): two bell
// strikes synthesised here (a few decaying partials), nothing downloaded. 16 kHz, 8-bit mono PCM,
// 1.4 s with a pause at the end so the loop has a rhythm. Run: node scripts/make-order-bell.mjs
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const RATE = 16_000;
const SECONDS = 1.4;
const samples = Math.round(RATE * SECONDS);

/** A bell strike: a fundamental and inharmonic partials, each decaying at its own rate. */
function strike(t, base) {
  if (t < 0) return 0;
  const partials = [
    [1, 1.0, 3.0],
    [2.4, 0.5, 5.0],
    [3.0, 0.35, 7.0],
    [4.5, 0.2, 9.0],
  ];
  const attack = Math.min(1, t / 0.004);
  let v = 0;
  for (const [ratio, amp, decay] of partials) {
    v += amp * Math.exp(-decay * t) * Math.sin(2 * Math.PI * base * ratio * t);
  }
  return attack * v;
}

const data = Buffer.alloc(samples);
for (let i = 0; i < samples; i++) {
  const t = i / RATE;
  const v = 0.32 * (strike(t, 988) + strike(t - 0.28, 784));
  const clipped = Math.max(-1, Math.min(1, v));
  data[i] = Math.round(128 + clipped * 127); // 8-bit PCM is unsigned, 128 = silence
}

const header = Buffer.alloc(44);
header.write('RIFF', 0);
header.writeUInt32LE(36 + data.length, 4);
header.write('WAVE', 8);
header.write('fmt ', 12);
header.writeUInt32LE(16, 16); // PCM chunk size
header.writeUInt16LE(1, 20); // PCM
header.writeUInt16LE(1, 22); // mono
header.writeUInt32LE(RATE, 24);
header.writeUInt32LE(RATE, 28); // byte rate = rate × 1 byte
header.writeUInt16LE(1, 32); // block align
header.writeUInt16LE(8, 34); // bits per sample
header.write('data', 36);
header.writeUInt32LE(data.length, 40);

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const out = path.join(root, 'src/web/dashboard/live/assets/order-bell.wav');
writeFileSync(out, Buffer.concat([header, data]));
console.log(`wrote ${path.relative(root, out)} (${44 + data.length} bytes)`);
