import sharp from 'sharp';
import { expect } from 'vitest';
import { copyMoveDetector } from '../../../../engine/detectors/image/copy-move.js';
import { doubleCompressionDetector } from '../../../../engine/detectors/image/double-compression.js';
import { noiseInconsistencyDetector } from '../../../../engine/detectors/image/noise-inconsistency.js';
import type { BBox, Finding } from '../../../../engine/types.js';
import { testDetector } from '../../detector-tester.js';
import { corpusFile } from '../../../support/environment.js';
import { cloneRegion, encodeRaw, pageRaw, pasteClean, recompress, rng, statementSvg } from './fixtures.js';

const corpus = corpusFile;

/** The page is 1000x1300; boxes are fractions. */
function near(b: BBox, px: [number, number, number, number], tol = 0.03): boolean {
  const want = [px[0] / 1000, px[1] / 1300, (px[0] + px[2]) / 1000, (px[1] + px[3]) / 1300];
  return b.every((v, i) => Math.abs(v - want[i]) <= tol);
}

async function cloned(seed: number, as: { png: true } | { jpeg: number }): Promise<Uint8Array> {
  const raw = await pageRaw({ noise: true, seed });
  // An amount copied down onto another row, the classic edited statement.
  cloneRegion(raw, [520, 330, 110, 30], [520, 600]);
  return encodeRaw(raw, as);
}

type Raw = { data: Buffer; width: number; height: number };

/**
 * A photo's content: smooth random shading (value noise on a 16 px grid), dark and light spots
 * (corners for keypoints) and grain of sigma ~3.
 */
function texture(w: number, h: number, seed: number): Float64Array {
  const r = rng(seed);
  const gw = Math.ceil(w / 16) + 2;
  const grid = Array.from({ length: (Math.ceil(h / 16) + 2) * gw }, () => 60 + 120 * r());
  const discs = Array.from({ length: Math.round((w * h) / 900) }, () => [r() * w, r() * h, 2 + 4 * r(), r() < 0.5 ? -70 : 70]);
  const out = new Float64Array(w * h);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const gx = x / 16,
        gy = y / 16,
        ix = Math.floor(gx),
        iy = Math.floor(gy),
        fx = gx - ix,
        fy = gy - iy;
      const v =
        (grid[iy * gw + ix] * (1 - fx) + grid[iy * gw + ix + 1] * fx) * (1 - fy) +
        (grid[(iy + 1) * gw + ix] * (1 - fx) + grid[(iy + 1) * gw + ix + 1] * fx) * fy;
      out[y * w + x] = v + (r() + r() + r() - 1.5) * 6;
    }
  for (const [cx, cy, rad, dv] of discs) {
    for (let y = Math.max(0, Math.floor(cy - rad)); y < Math.min(h, cy + rad); y++) {
      for (let x = Math.max(0, Math.floor(cx - rad)); x < Math.min(w, cx + rad); x++) if ((x - cx) ** 2 + (y - cy) ** 2 <= rad * rad) out[y * w + x] += dv;
    }
  }
  return out;
}

function paint(raw: Raw, tile: Float64Array, w: number, h: number, at: [number, number], phase = 0): void {
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w - 1; x++) {
      // A copy placed half a pixel over: what resampling makes of the same picture at another phase.
      const v = phase ? (tile[y * w + x] + tile[y * w + x + 1]) / 2 : tile[y * w + x];
      const i = ((at[1] + y) * raw.width + at[0] + x) * 3;
      raw.data[i] = raw.data[i + 1] = raw.data[i + 2] = Math.max(0, Math.min(255, Math.round(v)));
    }
}

/**
 * A layout sheet as a calendar or template package shows its layouts (wallcalendar-layouts.png,
 * Inkscape): a large photo panel, titles set in clean type, and a column of four thumbnails of one
 * picture at a step of 57 px, every other one at another sub-pixel phase, so only copies two
 * steps apart agree pixel for pixel. `clone` adds an amount-sized patch of the photo copied once
 * to another place of the photo (a forgery on the same sheet).
 */
async function layoutSheet(opts: { titles?: boolean; thumbnails?: boolean; clone?: boolean }): Promise<Uint8Array> {
  const width = 900,
    height = 1000;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#fff"/>${
    opts.titles
      ? '<text x="60" y="80" font-family="DejaVu Serif" font-size="36">Calendar 2018</text><text x="480" y="80" font-family="DejaVu Serif" font-size="36">Calendar 2018</text>'
      : ''
  }</svg>`;
  const { data, info } = await sharp(Buffer.from(svg)).flatten({ background: '#fff' }).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const raw: Raw = { data, width: info.width, height: info.height };
  paint(raw, texture(560, 560, 11), 560, 560, [40, 300]);
  if (opts.thumbnails) {
    const thumb = texture(60, 48, 23);
    for (let j = 0; j < 4; j++) paint(raw, thumb, 60, 48, [700, 300 + 57 * j], j % 2);
  }
  if (opts.clone) cloneRegion(raw, [120, 380, 90, 40], [380, 700]);
  return encodeRaw(raw, { png: true });
}

testDetector(copyMoveDetector, {
  valid: [
    { name: 'noisy scanned-like page', input: async () => encodeRaw(await pageRaw({ noise: true, seed: 4 }), { png: true }) },
    { name: 'noisy page saved as JPEG', input: async () => encodeRaw(await pageRaw({ noise: true, seed: 4 }), { jpeg: 92 }) },
    {
      name: 'clean digital statement (identical text renders legitimately)',
      input: async () =>
        new Uint8Array(
          await sharp(Buffer.from(statementSvg({ seed: 2 })))
            .png()
            .toBuffer(),
        ),
    },
    { name: 'camera photo', input: corpus('exif-samples/DSCN0012.jpg') },
    // wallcalendar-layouts.png (texlive-latex-extra-doc): copy_move 0.85 before.
    { name: 'a layout sheet: titles in clean type repeated beside a noisy photo', input: () => layoutSheet({ titles: true }) },
    {
      name: 'a layout sheet: one picture repeated as thumbnails at a regular step, sub-pixel phases alternating',
      input: () => layoutSheet({ thumbnails: true }),
    },
  ],
  invalid: [
    {
      name: 'the same layout sheet with a patch of its photo copied once to another place',
      input: () => layoutSheet({ titles: true, thumbnails: true, clone: true }),
      reasons: ['image_manipulation.copy_move'],
      check: (f: Finding[]) => expect(f).toHaveLength(1),
    },
    {
      name: 'amount cloned to another row (PNG)',
      input: () => cloned(1, { png: true }),
      reasons: ['image_manipulation.copy_move'],
      check: (f: Finding[]) => {
        const regions = f[0].evidence.regions!;
        expect(near(regions[0].bbox, [520, 330, 110, 30])).toBe(true);
        expect(near(regions[1].bbox, [520, 600, 110, 30])).toBe(true);
      },
    },
    { name: 'amount cloned on another page layout (PNG)', input: () => cloned(3, { png: true }), reasons: ['image_manipulation.copy_move'] },
  ],
});

async function pasted(seed: number, as: { png: true } | { jpeg: number }): Promise<Uint8Array> {
  const raw = await pageRaw({ noise: true, seed });
  // A field retyped digitally: right tones, no paper grain.
  pasteClean(await pageRaw({ noise: false, seed }), raw, [500, 320, 140, 40]);
  return encodeRaw(raw, as);
}

/** Fills a rectangle of a raw RGB page with one flat grey (a UI panel, an undithered band). */
function flat(raw: Raw, [x0, y0, w, h]: [number, number, number, number], level: number): void {
  for (let y = y0; y < y0 + h; y++) for (let x = x0; x < x0 + w; x++) raw.data.fill(level, (y * raw.width + x) * 3, (y * raw.width + x) * 3 + 3);
}

/** Fills a rectangle with light grain around a level (a photo panel, a dithered gradient). */
function grainy(raw: Raw, [x0, y0, w, h]: [number, number, number, number], level: number, seed: number): void {
  const r = rng(seed);
  for (let y = y0; y < y0 + h; y++)
    for (let x = x0; x < x0 + w; x++) raw.data.fill(Math.round(level + (r() + r() + r() - 1.5) * 5), (y * raw.width + x) * 3, (y * raw.width + x) * 3 + 3);
}

/** A near-white wallpaper: dithering grain everywhere but one flat band, and nothing written (Gulp.png, mate-backgrounds). */
async function blankWallpaper(): Promise<Uint8Array> {
  const raw: Raw = { data: Buffer.alloc(1000 * 1300 * 3), width: 1000, height: 1300 };
  grainy(raw, [0, 0, 1000, 1300], 238, 21);
  flat(raw, [500, 320, 140, 40], 238);
  return encodeRaw(raw, { png: true });
}

/**
 * A web page screenshot: text on pure white (clipped), a photo panel with grain and a flat light
 * panel beside it (general-details.png, bjfuthesis): the white has no grain to compare with.
 */
async function screenshotPanels(): Promise<Uint8Array> {
  const raw = await pageRaw({ noise: false, seed: 12 });
  grainy(raw, [60, 700, 880, 420], 200, 22);
  flat(raw, [600, 40, 160, 48], 232);
  return encodeRaw(raw, { png: true });
}

testDetector(noiseInconsistencyDetector, {
  valid: [
    { name: 'blank near-white wallpaper with a flat band (no writing: no document)', input: blankWallpaper },
    { name: 'screenshot: clipped white page, a grainy photo panel, a flat light panel', input: screenshotPanels },
    { name: 'noisy page (PNG)', input: async () => encodeRaw(await pageRaw({ noise: true, seed: 5 }), { png: true }) },
    { name: 'noisy page (JPEG 90)', input: async () => encodeRaw(await pageRaw({ noise: true, seed: 5 }), { jpeg: 90 }) },
    { name: 'clean digital page (no grain anywhere)', input: async () => encodeRaw(await pageRaw({ noise: false, seed: 5 }), { png: true }) },
    { name: 'camera photo', input: corpus('metadata-extractor/camera/Kodak_DX6490.jpg') },
  ],
  invalid: [
    {
      name: 'retyped field on a scanned page (PNG)',
      input: () => pasted(1, { png: true }),
      reasons: ['image_manipulation.noise_inconsistency'],
      check: (f) => expect(near(f[0].evidence.bbox!, [500, 320, 140, 40])).toBe(true),
    },
    {
      name: 'retyped field on a scanned page (JPEG 90), with a heat map of the grain-free cells',
      input: () => pasted(2, { jpeg: 90 }),
      reasons: ['image_manipulation.noise_inconsistency'],
      check: (f) => expect(String((f[0].evidence.heatmap as { image: string }).image)).toMatch(/^data:image\/png;base64,/),
    },
    {
      name: 'one 20 px line retyped (narrower than two coarse cells)',
      input: async () => {
        const raw = await pageRaw({ noise: true, seed: 11 });
        pasteClean(await pageRaw({ noise: false, seed: 11 }), raw, [480, 326, 150, 20]);
        return encodeRaw(raw, { png: true });
      },
      reasons: ['image_manipulation.noise_inconsistency'],
    },
  ],
});

/** A single-channel scan JPEG with sensor noise, as scanners write them. */
async function greyScan(quality: number, seed: number): Promise<Uint8Array> {
  const raw = await pageRaw({ noise: true, seed });
  return new Uint8Array(
    await sharp(raw.data, { raw: { width: raw.width, height: raw.height, channels: 3 } })
      .grayscale()
      .jpeg({ quality })
      .toBuffer(),
  );
}

/** A camera picture re-saved by a tool that names itself in EXIF Software, as photo workflows do. */
async function resavedBy(software: string): Promise<Uint8Array> {
  const first = await encodeRaw(await pageRaw({ noise: true, seed: 6 }), { jpeg: 80 });
  const out = await sharp(Buffer.from(first))
    .withExif({
      IFD0: { Make: 'Canon', Model: 'Canon EOS 80D', Software: software },
      IFD2: { ExposureTime: '1/125', FNumber: '8', DateTimeOriginal: '2024:03:02 10:11:12' },
    })
    .jpeg({ quality: 90 })
    .toBuffer();
  return new Uint8Array(out);
}

testDetector(doubleCompressionDetector, {
  valid: [
    { name: 'page compressed once (q90)', input: async () => encodeRaw(await pageRaw({ noise: true, seed: 6 }), { jpeg: 90 }) },
    { name: 'page compressed once (q75)', input: async () => encodeRaw(await pageRaw({ noise: true, seed: 6 }), { jpeg: 75 }) },
    { name: 'camera original', input: corpus('metadata-extractor/camera/Kyocera_FC-S3.jpg') },
    { name: 'grey scan compressed once (q80)', input: () => greyScan(80, 8) },
    {
      name: 'clean render compressed once (q75, repeated glyph edges bump the histogram tails)',
      input: async () => encodeRaw(await pageRaw({ seed: 6 }), { jpeg: 75 }),
    },
    { name: 'PNG', input: async () => encodeRaw(await pageRaw({ noise: true, seed: 6 }), { png: true }) },
  ],
  invalid: [
    {
      name: 'saved at q80 then re-saved at q90',
      input: async () => recompress(await encodeRaw(await pageRaw({ noise: true, seed: 6 }), { jpeg: 80 }), 90),
      reasons: ['compression_anomaly.double_jpeg'],
    },
    {
      name: 'grey scan at q75 re-saved in colour at q85 (the edited-scan case)',
      input: async () => recompress(await greyScan(75, 8), 85),
      reasons: ['compression_anomaly.double_jpeg'],
    },
    {
      name: 'grey scan at q70 re-saved at q95 (fine second steps of 1-2)',
      input: async () => recompress(await greyScan(70, 9), 95),
      reasons: ['compression_anomaly.double_jpeg'],
    },
    {
      name: 'camera picture exported by a photo workflow tool that says so (context only)',
      input: () => resavedBy('Adobe Photoshop Lightroom Classic 12.0 (Windows)'),
      reasons: ['compression_anomaly.double_jpeg'],
      check: (f) => expect(f[0].strength).toBeLessThan(0.08),
    },
    {
      name: 'the same re-save by a pixel editor keeps its weight',
      input: () => resavedBy('Adobe Photoshop 25.0 (Windows)'),
      reasons: ['compression_anomaly.double_jpeg'],
      check: (f) => expect(f[0].strength).toBeGreaterThanOrEqual(0.35),
    },
    {
      name: 'saved at q60 then re-saved at q90 (runs of empty bins)',
      input: async () => recompress(await encodeRaw(await pageRaw({ noise: true, seed: 7 }), { jpeg: 60 }), 90),
      reasons: ['compression_anomaly.double_jpeg'],
    },
  ],
});
