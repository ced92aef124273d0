/**
 * Family-A pixel forgeries the way fraudsters make them on page images, built with this lab's own
 * tools (poppler renders, ImageMagick scans, sharp/librsvg edits): a clean render of new digits
 * pasted into a scanned page, an amount covered by a copy of another amount after the scan was
 * re-compressed (sometimes resized), and a value repainted and retyped in a screen capture PNG.
 * Also genuine screen captures, so the screenshot checks are tuned on both sides.
 */
import sharp from 'sharp';
import type { FlagCode } from '../../../engine/catalog/flags.js';
import { findItem, itemBox, type Layout, type TextItem } from '../layout/layout.js';
import { LAB_DOC_TYPES } from '../model/index.js';
import type { DocModel, EditTarget } from '../model/types.js';
import { encode, splice, type PixelRect } from '../render/pixel-edit.js';
import { rasterizePage, scanLook } from '../render/raster.js';
import { alternatives, contentFlags, editRecord, fieldsAfter, renderPositioned, start, uniq } from './common.js';
import type { BuiltSample, SampleSpec, Technique } from './types.js';

function firstPageItem(layout: Layout, key: string): TextItem | null {
  const f = findItem(layout, key);
  return f && f.page === 0 ? f.item : null;
}

function rectOf(item: TextItem, dpi: number, pad = 0): PixelRect {
  const s = dpi / 72;
  const [x0, top, x1, bottom] = itemBox(item);
  const left = Math.max(0, Math.round(x0 * s) - pad);
  const t = Math.max(0, Math.round(top * s) - pad);
  return { left, top: t, width: Math.round((x1 - x0) * s) + 2 * pad, height: Math.round((bottom - top) * s) + 2 * pad };
}

function imageSample(
  spec: SampleSpec,
  model: DocModel,
  bytes: Uint8Array,
  ext: 'jpg' | 'png',
  producer: string,
  flags: FlagCode[],
  edit: EditTarget,
): BuiltSample {
  return {
    bytes,
    ext,
    label: {
      label: 'tampered',
      technique: spec.technique,
      doc_type: model.docType,
      expected_flags: uniq(flags),
      fields: fieldsAfter(model, edit),
      ...alternatives(model),
      producer,
      seed: spec.seed,
      mime: ext === 'jpg' ? 'image/jpeg' : 'image/png',
      edit: editRecord(edit, 1),
    },
  };
}

function firstPageEdits(model: DocModel, layout: Layout, target?: EditTarget['target']): Array<{ edit: EditTarget; item: TextItem }> {
  return model.edits
    .filter((e) => !target || e.target === target)
    .flatMap((edit) => {
      const item = firstPageItem(layout, edit.key);
      return item ? [{ edit, item }] : [];
    });
}

export const PIXEL_FORGERIES: Technique[] = [
  {
    id: 'tampered_scan_paste',
    label: 'tampered',
    description:
      'Scanned page (150-250 dpi, optics blur, JPEG q72-92) with the region of a value replaced by a clean render of the edited document, saved as JPEG q70-95.',
    docTypes: LAB_DOC_TYPES,
    async build(spec) {
      const { model, rng } = start({ ...spec, pages: 1 });
      const base = await renderPositioned(model, 'pdfkit', spec.seed);
      const options = firstPageEdits(model, base.layout, rng.chance(0.7) ? 'amount' : undefined);
      if (!options.length) throw new Error('no editable value on the first page');
      const { edit, item } = rng.pick(options);
      const edited = await renderPositioned(model, 'pdfkit', spec.seed, { overrides: new Map([[edit.key, edit.after]]) });
      const dpi = rng.pick([150, 200, 250]);
      const q1 = rng.int(72, 92);
      const scan = await scanLook(await rasterizePage(base.bytes, 1, dpi), rng, { straight: true, quality: q1, blur: rng.float(0.5, 1.1) });
      const after = firstPageItem(edited.layout, edit.key) ?? item;
      // The forger covers both the old and the new extent, with a few pixels of margin.
      const a = rectOf(item, dpi, rng.int(1, 6));
      const b = rectOf(after, dpi, rng.int(1, 6));
      const left = Math.min(a.left, b.left);
      const top = Math.min(a.top, b.top);
      const rect = { left, top, width: Math.max(a.left + a.width, b.left + b.width) - left, height: Math.max(a.top + a.height, b.top + b.height) - top };
      const clean = await sharp(await rasterizePage(edited.bytes, 1, dpi))
        .extract(rect)
        .grayscale()
        .png()
        .toBuffer();
      const pasted = await sharp(scan)
        .composite([{ input: clean, left: rect.left, top: rect.top }])
        .png()
        .toBuffer();
      const q2 = rng.int(70, 95);
      const bytes = await encode(pasted, 'jpg', q2);
      return imageSample(
        spec,
        model,
        bytes,
        'jpg',
        `pdfkit > scan ${dpi} dpi JPEG q${q1} > clean render pasted > JPEG q${q2}`,
        ['image_manipulation', 'compression_anomaly', ...contentFlags(edit)],
        edit,
      );
    },
  },
  {
    id: 'tampered_copymove_resaved',
    label: 'tampered',
    description:
      'Scanned page (JPEG q88-95) with an amount covered by a copy of another amount of the page, saved again at q70-85, a third of them downsized first.',
    docTypes: LAB_DOC_TYPES,
    async build(spec) {
      const { model, rng } = start({ ...spec, pages: 1 });
      const base = await renderPositioned(model, 'pdfkit', spec.seed);
      // An amount the figures depend on: copying another amount over it leaves them not adding up.
      const options = firstPageEdits(model, base.layout, 'amount').filter((o) => o.edit.breaksArithmetic);
      if (!options.length) throw new Error('no amount on the first page');
      const { edit, item } = rng.pick(options);
      // Another amount of the same size, right-aligned like it, with a different value.
      const donors = base.layout.pages[0].items.filter(
        (it): it is TextItem =>
          it.kind === 'text' &&
          it !== item &&
          Math.abs(it.size - item.size) <= 1 &&
          /\d[.,]\d\d/.test(it.text) &&
          it.text !== item.text &&
          Math.abs(it.width - item.width) < item.size * 2.5,
      );
      if (!donors.length) throw new Error('no donor amount on the page');
      const donor = rng.pick(donors);
      const dpi = rng.pick([150, 200, 300]);
      const q1 = rng.int(88, 95);
      const scan = await scanLook(await rasterizePage(base.bytes, 1, dpi), rng, { straight: true, quality: q1 });
      const pad = rng.int(2, 5);
      const to = rectOf(item, dpi, pad);
      const from = rectOf(donor, dpi, pad);
      const width = Math.max(to.width, from.width);
      // Right-aligned amounts: align the right edges.
      const src = { left: from.left + from.width - width, top: from.top, width, height: Math.max(to.height, from.height) };
      const patch = await sharp(scan).extract(src).png().toBuffer();
      let moved = await sharp(scan)
        .composite([{ input: patch, left: to.left + to.width - width, top: to.top }])
        .png()
        .toBuffer();
      let note = '';
      if (rng.chance(0.35)) {
        const meta = await sharp(moved).metadata();
        const f = rng.float(0.8, 0.95);
        moved = await sharp(moved)
          .resize(Math.round(meta.width! * f))
          .png()
          .toBuffer();
        note = ` > resized ${f.toFixed(2)}`;
      }
      const q2 = rng.int(70, 85);
      const bytes = await encode(moved, 'jpg', q2);
      const after: EditTarget = { ...edit, before: item.text, after: donor.text };
      return imageSample(
        spec,
        model,
        bytes,
        'jpg',
        `pdfkit > scan ${dpi} dpi JPEG q${q1} > copy-move amount${note} > JPEG q${q2}`,
        ['image_manipulation', 'compression_anomaly', ...contentFlags(after)],
        after,
      );
    },
  },
  {
    id: 'tampered_screen_capture_edit',
    label: 'tampered',
    description:
      'Screen capture PNG of the document (poppler render at 96-144 dpi) with a value painted over in the background colour and retyped with another rasteriser and font.',
    docTypes: LAB_DOC_TYPES,
    async build(spec) {
      const { model, rng } = start({ ...spec, pages: 1 });
      const base = await renderPositioned(model, 'pdfkit', spec.seed);
      const options = firstPageEdits(model, base.layout);
      if (!options.length) throw new Error('no editable value on the first page');
      const { edit, item } = rng.pick(options);
      const dpi = rng.pick([96, 110, 120, 144]);
      const capture = await sharp(await rasterizePage(base.bytes, 1, dpi))
        .removeAlpha()
        .png()
        .toBuffer();
      const s = dpi / 72;
      const [x0, top, x1, bottom] = itemBox(item);
      const cover = { left: Math.round(x0 * s), top: Math.round(top * s), width: Math.round((x1 - x0) * s), height: Math.round((bottom - top) * s) };
      const fontFamily = rng.pick(['DejaVu Sans', 'Liberation Sans', 'DejaVu Serif', 'Liberation Serif']);
      const edited = await splice(capture, cover, edit.after, {
        fontFamily,
        sizePx: item.size * s,
        baselinePx: Math.round(item.baseline * s),
        align: item.align,
        background: rng.pick(['#ffffff', '#ffffff', '#fefefe', '#fbfbfb']),
      });
      const bytes = await sharp(edited).removeAlpha().png().toBuffer();
      return imageSample(
        spec,
        model,
        bytes,
        'png',
        `pdfkit > screen capture ${dpi} dpi PNG > retyped (${fontFamily}) > PNG`,
        ['image_manipulation', 'font_inconsistency', ...contentFlags(edit)],
        edit,
      );
    },
  },
  {
    id: 'genuine_screen_capture',
    label: 'genuine',
    description: 'Screen capture PNG of a genuine document (poppler render at 96-144 dpi).',
    docTypes: LAB_DOC_TYPES,
    async build(spec) {
      const { model, rng } = start({ ...spec, pages: 1 });
      const base = await renderPositioned(model, rng.pick(['pdfkit', 'pdf-lib'] as const), spec.seed);
      const dpi = rng.pick([96, 110, 120, 144]);
      const bytes = await sharp(await rasterizePage(base.bytes, 1, dpi))
        .removeAlpha()
        .png()
        .toBuffer();
      return {
        bytes,
        ext: 'png',
        label: {
          label: 'genuine',
          technique: spec.technique,
          doc_type: model.docType,
          expected_flags: [],
          fields: fieldsAfter(model, null),
          ...alternatives(model),
          producer: `${base.producer} > screen capture ${dpi} dpi PNG`,
          seed: spec.seed,
          mime: 'image/png',
        },
      };
    },
  },
];
