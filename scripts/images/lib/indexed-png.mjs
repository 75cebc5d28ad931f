// A small palette-PNG encoder: median-cut quantisation to at most 256 colours with ordered (Bayer)
// or Floyd–Steinberg dithering, written as an 8-bit indexed PNG. Chromium only writes true-colour PNGs,
// which are 2–3 times larger for artwork like the link-preview image.
import { deflateSync } from 'node:zlib';

/** Median cut over a 5-bit-per-channel histogram; returns [[r,g,b], ...]. */
function medianCut(rgba, maxColors) {
  const hist = new Uint32Array(32768);
  for (let i = 0; i < rgba.length; i += 4) {
    hist[((rgba[i] >> 3) << 10) | ((rgba[i + 1] >> 3) << 5) | (rgba[i + 2] >> 3)]++;
  }
  const colors = [];
  for (let k = 0; k < hist.length; k++) if (hist[k]) colors.push(k);
  const chan = (k, c) => (c === 0 ? k >> 10 : c === 1 ? (k >> 5) & 31 : k & 31);
  const boxOf = (list) => {
    const min = [31, 31, 31];
    const max = [0, 0, 0];
    let count = 0;
    for (const k of list) {
      for (let c = 0; c < 3; c++) {
        const v = chan(k, c);
        if (v < min[c]) min[c] = v;
        if (v > max[c]) max[c] = v;
      }
      count += hist[k];
    }
    const ranges = [max[0] - min[0], max[1] - min[1], max[2] - min[2]];
    const axis = ranges.indexOf(Math.max(...ranges));
    return { list, count, axis, score: ranges[axis] * Math.pow(count, 0.3) };
  };
  let boxes = [boxOf(colors)];
  while (boxes.length < maxColors) {
    boxes.sort((a, b) => b.score - a.score);
    const box = boxes[0];
    if (box.list.length < 2 || box.score === 0) break;
    const sorted = [...box.list].sort((a, b) => chan(a, box.axis) - chan(b, box.axis));
    let acc = 0;
    let cut = 1;
    for (let i = 0; i < sorted.length - 1; i++) {
      acc += hist[sorted[i]];
      if (acc >= box.count / 2) {
        cut = i + 1;
        break;
      }
    }
    boxes = [boxOf(sorted.slice(0, cut)), boxOf(sorted.slice(cut)), ...boxes.slice(1)];
  }
  return boxes.map(({ list }) => {
    let r = 0;
    let g = 0;
    let b = 0;
    let n = 0;
    for (const k of list) {
      const w = hist[k];
      r += ((k >> 10) * 8 + 4) * w;
      g += (((k >> 5) & 31) * 8 + 4) * w;
      b += ((k & 31) * 8 + 4) * w;
      n += w;
    }
    return [Math.round(r / n), Math.round(g / n), Math.round(b / n)];
  });
}

function crcTable() {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
}
const CRC = crcTable();
function crc32(buf) {
  let c = 0xffffffff;
  for (const byte of buf) c = CRC[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(td));
  return Buffer.concat([len, td, crc]);
}

/** RGBA pixels (alpha ignored: the images are opaque) -> indexed PNG bytes. */
export function encodeIndexedPng(rgba, width, height, { colors = 256, dither = 'ordered', amplitude = 10 } = {}) {
  const palette = medianCut(rgba, colors);
  const cache = new Map();
  const nearest = (r, g, b) => {
    const key = ((r >> 2) << 12) | ((g >> 2) << 6) | (b >> 2);
    let hit = cache.get(key);
    if (hit !== undefined) return hit;
    let best = 0;
    let bestD = Infinity;
    for (let i = 0; i < palette.length; i++) {
      const [pr, pg, pb] = palette[i];
      const d = (pr - r) ** 2 * 3 + (pg - g) ** 2 * 4 + (pb - b) ** 2 * 2;
      if (d < bestD) {
        bestD = d;
        best = i;
      }
    }
    cache.set(key, best);
    return best;
  };
  const work = new Float32Array(width * height * 3);
  for (let i = 0, j = 0; i < rgba.length; i += 4, j += 3) {
    work[j] = rgba[i];
    work[j + 1] = rgba[i + 1];
    work[j + 2] = rgba[i + 2];
  }
  const raw = Buffer.alloc((width + 1) * height);
  const clamp = (v) => (v < 0 ? 0 : v > 255 ? 255 : v);
  // 4x4 Bayer matrix: a regular pattern hides banding in soft gradients and still deflates well
  const BAYER = [0, 8, 2, 10, 12, 4, 14, 6, 3, 11, 1, 9, 15, 7, 13, 5];
  for (let y = 0; y < height; y++) {
    raw[y * (width + 1)] = 0; // filter: none
    for (let x = 0; x < width; x++) {
      const j = (y * width + x) * 3;
      const o = dither === 'ordered' ? (BAYER[(y & 3) * 4 + (x & 3)] / 16 - 0.5) * amplitude : 0;
      const r = clamp(work[j] + o);
      const g = clamp(work[j + 1] + o);
      const b = clamp(work[j + 2] + o);
      const idx = nearest(Math.round(r), Math.round(g), Math.round(b));
      raw[y * (width + 1) + 1 + x] = idx;
      if (dither !== 'diffusion') continue;
      const [pr, pg, pb] = palette[idx];
      const er = r - pr;
      const eg = g - pg;
      const eb = b - pb;
      const spread = (dx, dy, f) => {
        const xx = x + dx;
        const yy = y + dy;
        if (xx < 0 || xx >= width || yy >= height) return;
        const k = (yy * width + xx) * 3;
        work[k] += er * f;
        work[k + 1] += eg * f;
        work[k + 2] += eb * f;
      };
      spread(1, 0, 7 / 16);
      spread(-1, 1, 3 / 16);
      spread(0, 1, 5 / 16);
      spread(1, 1, 1 / 16);
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 3; // colour type: indexed
  const plte = Buffer.alloc(palette.length * 3);
  palette.forEach(([r, g, b], i) => plte.set([r, g, b], i * 3));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('PLTE', plte),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
