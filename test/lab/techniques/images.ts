/**
 * Pixel forgeries of page images: cloned digits (copy-move inside one scan) and spliced text
 * typed in another font, saved again as JPEG (double compression) or PNG.
 */
import type { FlagCode } from '../../../engine/catalog/flags.js';
import { findItem, itemBox, type Layout, type TextItem } from '../layout/layout.js';
import type { DocModel, EditTarget } from '../model/types.js';
import { copyMove, encode, findDonorGlyph, glyphRect, splice } from '../render/pixel-edit.js';
import { rasterizePage, scanLook } from '../render/raster.js';
import type { Rng } from '../util/prng.js';
import { alternatives, contentFlags, editRecord, fieldsAfter, renderPositioned, start, uniq } from './common.js';
import type { BuiltSample, SampleSpec, Technique } from './types.js';
import { LAB_DOC_TYPES } from '../model/index.js';

const DPI = 150;
const PHOTO_EDITORS = ['Adobe Photoshop 25.0 (Windows)', 'GIMP 2.10.36', 'Pixelmator Pro 3.5', 'Adobe Photoshop Express'];

interface Scan {
  model: DocModel;
  rng: Rng;
  layout: Layout;
  image: Buffer;
  quality: number;
}

/** A straight single-page scan: the layout's positions hold in pixels. */
async function scanOfFirstPage(spec: SampleSpec): Promise<Scan> {
  const { rng, model } = start({ ...spec, pages: 1 });
  const base = await renderPositioned(model, 'pdfkit', spec.seed, { standardFonts: rng.chance(0.5) });
  const quality = rng.int(70, 85);
  const image = await scanLook(await rasterizePage(base.bytes, 1, DPI), rng, { straight: true, quality });
  return { model, rng, layout: base.layout, image, quality };
}

function onFirstPage(layout: Layout, edits: EditTarget[]): Array<{ edit: EditTarget; item: TextItem }> {
  return edits.flatMap((edit) => {
    const f = findItem(layout, edit.key);
    return f && f.page === 0 ? [{ edit, item: f.item }] : [];
  });
}

function sample(spec: SampleSpec, model: DocModel, bytes: Uint8Array, ext: 'jpg' | 'png', producer: string, flags: FlagCode[], edit: EditTarget): BuiltSample {
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

export const IMAGE_FORGERIES: Technique[] = [
  {
    id: 'tampered_image_clone',
    label: 'tampered',
    description: 'Scanned page with one digit of an amount replaced by a glyph copied from elsewhere on the page, saved again as JPEG.',
    docTypes: LAB_DOC_TYPES,
    async build(spec) {
      const { model, rng, layout, image, quality } = await scanOfFirstPage(spec);
      const target = onFirstPage(
        layout,
        model.edits.filter((e) => e.target === 'amount'),
      )[0];
      if (!target) throw new Error('no amount on the first page');
      const { item, edit: amount } = target;
      const index = [...item.text].findIndex((c) => c >= '1' && c <= '9');
      let edited: Buffer | null = null;
      let after = '';
      for (const digit of rng.shuffle(['2', '3', '4', '5', '6', '7', '8', '9'].filter((d) => d !== item.text[index]))) {
        const donor = findDonorGlyph(layout, 0, digit, item);
        if (!donor) continue;
        edited = await copyMove(image, glyphRect(layout, donor.item, donor.index, DPI), glyphRect(layout, item, index, DPI));
        after = item.text.slice(0, index) + digit + item.text.slice(index + 1);
        break;
      }
      if (!edited) throw new Error('no donor digit on the page');
      const software = rng.chance(0.5) ? rng.pick(PHOTO_EDITORS) : undefined;
      const q2 = Math.min(95, quality + rng.int(6, 14));
      const bytes = await encode(edited, 'jpg', q2, software);
      const edit: EditTarget = { ...amount, before: item.text, after };
      const flags: FlagCode[] = ['image_manipulation', 'compression_anomaly', ...contentFlags(edit)];
      if (software) flags.push('editing_software');
      return sample(
        spec,
        model,
        bytes,
        'jpg',
        `pdfkit > scan JPEG q${quality} > copy-move digit > JPEG q${q2}${software ? ` (${software})` : ''}`,
        flags,
        edit,
      );
    },
  },
  {
    id: 'tampered_image_splice',
    label: 'tampered',
    description: 'Scanned page with a value painted over and retyped in another font, saved as JPEG or PNG.',
    docTypes: LAB_DOC_TYPES,
    async build(spec) {
      const { model, rng, layout, image, quality } = await scanOfFirstPage(spec);
      const options = onFirstPage(layout, model.edits);
      if (!options.length) throw new Error('no editable value on the first page');
      const { edit, item } = rng.pick(options);
      const s = DPI / 72;
      const [x0, top, x1, bottom] = itemBox(item);
      const cover = { left: Math.round(x0 * s), top: Math.round(top * s), width: Math.round((x1 - x0) * s), height: Math.round((bottom - top) * s) };
      const fontFamily = rng.pick(['DejaVu Serif', 'Liberation Mono', 'DejaVu Sans Mono']);
      const edited = await splice(image, cover, edit.after, {
        fontFamily,
        sizePx: item.size * s,
        baselinePx: Math.round(item.baseline * s),
        align: item.align,
      });
      const ext = rng.chance(0.6) ? 'jpg' : 'png';
      const q2 = Math.min(95, quality + rng.int(4, 14));
      const bytes = await encode(edited, ext, q2);
      const flags: FlagCode[] = ['image_manipulation', 'font_inconsistency', ...contentFlags(edit)];
      if (ext === 'jpg') flags.push('compression_anomaly');
      return sample(
        spec,
        model,
        bytes,
        ext,
        `pdfkit > scan JPEG q${quality} > spliced text (${fontFamily}) > ${ext === 'jpg' ? `JPEG q${q2}` : 'PNG'}`,
        flags,
        edit,
      );
    },
  },
];
