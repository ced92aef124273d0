/** Family B forgeries through pixels: print to image, print and scan, photos, pasted digits, copy-move, screenshot edits. */
import sharp from 'sharp';
import { chromiumScreenshot, img2pdf, toHtmlB, wordBoxes, type WordBox } from '../../render/family-b.js';
import { rasterizePage } from '../../render/raster.js';
import { pdfPageCount } from '../../render/transforms.js';
import type { EditTarget } from '../../model/types.js';
import { contentFlags, laterDate, start } from '../common.js';
import type { Technique } from '../types.js';
import { photoB, scanB } from './camera.js';
import { EDITOR_FONTS, screenshotBox } from './screenshot.js';
import { ALL, amountOnPage, baseB, contentEdit, editedB, findWord, overrides, POSITIONED, PRODUCER_NAME, render, tamperedB } from './shared.js';

export const PIXEL_ROUTES_B: Technique[] = [
  {
    id: 'b_print_to_image',
    family: 'B',
    label: 'tampered',
    description: 'Perfect edit, then "printed to an image and back": pages rasterised at 150-200 dpi and re-wrapped by img2pdf.',
    docTypes: ALL,
    async build(spec) {
      const { rng, model } = start(spec);
      const e = await editedB(rng, model);
      const dpi = rng.pick([150, 200]);
      const n = Math.min(3, await pdfPageCount(e.bytes));
      const pages: Buffer[] = [];
      for (let p = 1; p <= n; p++)
        pages.push(
          await sharp(await rasterizePage(e.bytes, p, dpi))
            .jpeg({ quality: rng.int(85, 95) })
            .toBuffer(),
        );
      const bytes = await img2pdf(pages, dpi, laterDate(rng, model.createdAt));
      return tamperedB(spec, model, bytes, 'pdf', `${PRODUCER_NAME[e.tool]} (edited) > raster ${dpi} dpi > img2pdf`, contentFlags(e.edit), e.edit);
    },
  },
  {
    id: 'b_print_scan',
    family: 'B',
    label: 'tampered',
    description: 'Perfect edit printed and scanned: first page as a 200-300 dpi JPEG, q70-95.',
    docTypes: ALL,
    async build(spec) {
      const { rng, model } = start({ ...spec, pages: 1 });
      const e = await editedB(rng, model);
      const dpi = rng.pick([200, 300]);
      const q = rng.int(70, 95);
      const bytes = await scanB(await rasterizePage(e.bytes, 1, dpi), rng, q);
      return tamperedB(spec, model, bytes, 'jpg', `${PRODUCER_NAME[e.tool]} (edited) > print > scan ${dpi} dpi JPEG q${q}`, contentFlags(e.edit), e.edit);
    },
  },
  {
    id: 'b_photo_of_edit',
    family: 'B',
    label: 'tampered',
    description: 'Perfect edit printed and photographed with a phone (12 MP, q80-95).',
    docTypes: ALL,
    async build(spec) {
      const { rng, model } = start({ ...spec, pages: 1 });
      const e = await editedB(rng, model);
      const q = rng.int(80, 95);
      const bytes = await photoB(await rasterizePage(e.bytes, 1, 200), rng, q, laterDate(rng, model.createdAt));
      return tamperedB(spec, model, bytes, 'jpg', `${PRODUCER_NAME[e.tool]} (edited) > print > phone photo q${q}`, contentFlags(e.edit), e.edit);
    },
  },
  {
    id: 'b_scan_digit_paste',
    family: 'B',
    label: 'tampered',
    description: 'Scanned page (200-300 dpi, q75-90) with a clean rendering of new digits pasted over an amount, saved as JPEG q70-95.',
    docTypes: ALL,
    async build(spec) {
      const { rng, model } = start({ ...spec, pages: 1 });
      const base = await baseB(rng, model, POSITIONED);
      const { edit, box } = await amountOnPage(rng, model, base.bytes);
      const dpi = rng.pick([200, 300]);
      const q1 = rng.int(75, 90);
      const scan = await scanB(await rasterizePage(base.bytes, 1, dpi), rng, q1, true);
      // The forger types the new value in the same program, renders it and pastes the patch.
      const clean = await rasterizePage(await render(base.tool, model, base.meta, overrides(edit)), 1, dpi);
      const s = dpi / 72;
      const pad = 3;
      const rect = {
        left: Math.max(0, Math.floor(box.xMin * s) - pad - Math.round((box.xMax - box.xMin) * s * 0.3)),
        top: Math.max(0, Math.floor(box.yMin * s) - pad),
        width: 0,
        height: 0,
      };
      rect.width = Math.ceil(box.xMax * s) + pad - rect.left;
      rect.height = Math.ceil(box.yMax * s) + pad - rect.top;
      const patch = await sharp(clean).extract(rect).greyscale().png().toBuffer();
      const pasted = await sharp(scan)
        .composite([{ input: patch, left: rect.left, top: rect.top }])
        .png()
        .toBuffer();
      const q2 = rng.int(70, 95);
      const bytes = await sharp(pasted).greyscale().jpeg({ quality: q2 }).toBuffer();
      return tamperedB(
        spec,
        model,
        bytes,
        'jpg',
        `${PRODUCER_NAME[base.tool]} > scan ${dpi} dpi q${q1} > pasted digits > JPEG q${q2}`,
        ['image_manipulation', 'compression_anomaly', ...contentFlags(edit)],
        edit,
      );
    },
  },
  {
    id: 'b_copymove_recompressed',
    family: 'B',
    label: 'tampered',
    description: 'Scan JPEG (q88-95); an amount covered by a copy of another amount from the same page; saved again at q70-85, sometimes resized.',
    docTypes: ALL,
    async build(spec) {
      const { rng, model } = start({ ...spec, pages: 1 });
      const base = await baseB(rng, model, POSITIONED);
      const words = await wordBoxes(base.bytes);
      const amounts = words.filter((w) => w.page === 1 && /^-?[£€$]?\d{1,3}([.,\s]\d{3})*[.,]\d{2}$/.test(w.text));
      const targets = rng.shuffle(model.edits.filter((e) => e.target === 'amount' && e.breaksArithmetic));
      let pick: { edit: EditTarget; to: WordBox; from: WordBox } | null = null;
      for (const edit of targets) {
        const to = findWord(words, edit.before, 1);
        if (!to) continue;
        const from = amounts.find(
          (w) => w !== to && w.text !== to.text && w.text.length === to.text.length && Math.abs(w.yMax - w.yMin - (to.yMax - to.yMin)) < 0.5,
        );
        if (from) {
          pick = { edit: { ...edit, after: from.text }, to, from };
          break;
        }
      }
      if (!pick) throw new Error('no same-length amount to copy from');
      const dpi = rng.pick([200, 300]);
      const q1 = rng.int(88, 95);
      const scan = await scanB(await rasterizePage(base.bytes, 1, dpi), rng, q1, true);
      const s = dpi / 72;
      const w = Math.ceil((pick.to.xMax - pick.to.xMin) * s) + 4;
      const h = Math.ceil((pick.to.yMax - pick.to.yMin) * s) + 4;
      const patch = await sharp(scan)
        .extract({ left: Math.floor(pick.from.xMax * s) + 2 - w, top: Math.floor(pick.from.yMin * s) - 2, width: w, height: h })
        .png()
        .toBuffer();
      let img = sharp(
        await sharp(scan)
          .composite([{ input: patch, left: Math.floor(pick.to.xMax * s) + 2 - w, top: Math.floor(pick.to.yMin * s) - 2 }])
          .png()
          .toBuffer(),
      );
      const resize = rng.chance(0.4);
      const meta = await sharp(scan).metadata();
      if (resize) img = img.resize(Math.round(meta.width! * 0.85));
      const q2 = rng.int(70, 85);
      const bytes = await img.greyscale().jpeg({ quality: q2 }).toBuffer();
      return tamperedB(
        spec,
        model,
        bytes,
        'jpg',
        `${PRODUCER_NAME[base.tool]} > scan q${q1} > copy-move amount > ${resize ? 'resize 85 % > ' : ''}JPEG q${q2}`,
        ['image_manipulation', 'compression_anomaly', ...contentFlags(pick.edit)],
        pick.edit,
      );
    },
  },
  {
    id: 'b_screenshot_region_edit',
    family: 'B',
    label: 'tampered',
    description: 'PNG screenshot of the portal page (headless Chromium) with a value painted over and retyped in another font.',
    docTypes: ALL,
    async build(spec) {
      const { rng, model } = start({ ...spec, pages: 1 });
      const size = { width: 900, height: 1300 };
      const edit = contentEdit(rng, model, ['amount']);
      const shot = await chromiumScreenshot(toHtmlB(model, new Map(), { screen: true }), size);
      const box = await screenshotBox(model, edit, size, shot);
      const raw = await sharp(shot).removeAlpha().raw().toBuffer({ resolveWithObject: true });
      const px = ((box.top - 1) * raw.info.width + box.left + box.width + 2) * raw.info.channels;
      const bg = `rgb(${raw.data[px]},${raw.data[px + 1]},${raw.data[px + 2]})`;
      const font = rng.pick(EDITOR_FONTS);
      // Digits stand about 0.73 em tall; the value box from the pixel difference is their ink.
      const sizePx = Math.round(box.height / 0.76);
      const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size.width}" height="${size.height}"><rect x="${box.left - 2}" y="${box.top - 2}" width="${box.width + 4}" height="${box.height + 4}" fill="${bg}"/><text x="${box.left + box.width}" y="${box.top + Math.round(sizePx * 0.73)}" font-family="${font}" font-size="${sizePx}" text-anchor="end" fill="#202020"${rng.chance(0.5) ? ' text-rendering="optimizeSpeed"' : ''}>${edit.after.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</text></svg>`;
      const bytes = await sharp(shot)
        .composite([{ input: Buffer.from(svg), left: 0, top: 0 }])
        .png()
        .toBuffer();
      return tamperedB(
        spec,
        model,
        bytes,
        'png',
        `chromium screenshot > region repainted, retyped (${font}) > PNG`,
        ['image_manipulation', ...contentFlags(edit)],
        edit,
      );
    },
  },
];
