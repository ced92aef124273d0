/**
 * Family D routes: pixel edits of page pictures made with Pillow and GraphicsMagick (tools.ts),
 * each beside a genuine twin through the same chain without the edit. Pages come from the lab's
 * pdf-lib render (standard fonts, so the layout says where every value is) rasterised by
 * pdftoppm; the "scan" is Pillow's (grey, optics blur, sensor noise, JPEG).
 */
import { findItem, itemBox, type Layout, type TextItem } from '../../layout/layout.js';
import { standardFamily } from '../../layout/fonts.js';
import { LAB_DOC_TYPES } from '../../model/index.js';
import type { DocModel, EditTarget } from '../../model/types.js';
import { findDonorGlyph, glyphRect } from '../../render/pixel-edit.js';
import { rasterizePage } from '../../render/raster.js';
import type { Rng } from '../../util/prng.js';
import type { FlagCode } from '../../../../engine/catalog/flags.js';
import { alternatives, contentFlags, editRecord, fieldsAfter, renderPositioned, start, uniq } from '../common.js';
import type { BuiltSample, SampleSpec, Technique } from '../types.js';
import { gmResave, pil, requireD, type Rect } from './tools.js';

interface Page {
  model: DocModel;
  rng: Rng;
  layout: Layout;
  dpi: number;
  png: Buffer;
}

async function pageImage(spec: SampleSpec, dpis: readonly number[]): Promise<Page> {
  requireD('pdftoppm', 'pil');
  const { rng, model } = start({ ...spec, pages: 1 });
  const base = await renderPositioned(model, 'pdf-lib', spec.seed);
  const dpi = rng.pick(dpis);
  return { model, rng, layout: base.layout, dpi, png: await rasterizePage(base.bytes, 1, dpi) };
}

/** A scanner app's picture of the page: grey, optics blur, sensor noise, JPEG at `quality`. */
function scan(p: Page, quality: number): Promise<Buffer> {
  return pil(p.png, { op: 'scan', blur: p.rng.float(0.3, 0.8), sigma: p.rng.float(2, 6), quality });
}

function label(spec: SampleSpec, model: DocModel, bytes: Buffer, ext: 'jpg' | 'png', producer: string, edit?: EditTarget, flags: FlagCode[] = []): BuiltSample {
  return {
    bytes,
    ext,
    label: {
      label: edit ? 'tampered' : 'genuine',
      technique: spec.technique,
      family: 'D',
      doc_type: model.docType,
      expected_flags: edit ? uniq([...flags, ...contentFlags(edit)]) : [],
      fields: fieldsAfter(model, edit ?? null),
      ...alternatives(model),
      producer,
      seed: spec.seed,
      mime: ext === 'jpg' ? 'image/jpeg' : 'image/png',
      ...(edit ? { edit: editRecord(edit, 1) } : {}),
    },
  };
}

/** Edits of page 1 whose printed item the layout knows. */
function onPage1(layout: Layout, edits: readonly EditTarget[]): Array<{ edit: EditTarget; item: TextItem }> {
  return edits.flatMap((edit) => {
    const f = findItem(layout, edit.key);
    return f && f.page === 0 ? [{ edit, item: f.item }] : [];
  });
}

/** Digits as 0: two figures of one shape print the same width in a tabular-digit face. */
const shape = (t: string) => t.replace(/\d/g, '0');

const AMOUNT = /^[-−]?[£€$]?\s?\d{1,3}([.,\s\u00a0\u202f]\d{3})*[.,]\d{2}(\s?€)?$/;

/**
 * A printed figure and another figure of the same length, size and weight to copy over it: the
 * document's total when the page has such a donor, else any other amount of the page (a line
 * amount or a subtotal: every figure of the lab's documents takes part in a sum).
 */
function copyPair(p: Page): { edit: EditTarget; to: TextItem; from: TextItem } {
  const items = p.layout.pages[0].items.filter((it): it is TextItem => it.kind === 'text' && AMOUNT.test(it.text));
  const donorFor = (to: TextItem) =>
    items.find((it) => it !== to && it.text !== to.text && shape(it.text) === shape(to.text) && it.size === to.size && it.bold === to.bold);
  for (const { edit, item: to } of p.rng.shuffle(
    onPage1(
      p.layout,
      p.model.edits.filter((e) => e.target === 'amount' && e.breaksArithmetic),
    ),
  )) {
    const from = donorFor(to);
    if (from) return { edit: { ...edit, before: to.text, after: from.text }, to, from };
  }
  for (const to of p.rng.shuffle(items)) {
    const from = donorFor(to);
    // A figure printed twice (a total repeated) would still agree with its copy elsewhere.
    if (from && items.filter((it) => it.text === to.text).length === 1)
      return {
        edit: { target: 'amount', key: 'page.figure', before: to.text, after: from.text, breaksArithmetic: true, contradicts: false, fieldsAfter: {} },
        to,
        from,
      };
  }
  throw new Error('no same-length amount on page 1 to copy from');
}

/** The pixel box of a text item, padded, aligned on the side the layout aligns it. */
function itemRect(item: TextItem, dpi: number, width: number, pad: number): Rect {
  const s = dpi / 72;
  const [x0, top, x1, bottom] = itemBox(item);
  const left = item.align === 'right' ? Math.ceil(x1 * s) + pad - width : Math.floor(x0 * s) - pad;
  return [left, Math.floor(top * s) - pad, width, Math.ceil((bottom - top) * s) + 2 * pad];
}

// A font a forger would pick as "the same": metric twins and look-alikes of the standard faces.
const LOOKALIKE: Record<string, Array<[string, string]>> = {
  Helvetica: [
    ['liberation/LiberationSans-Regular.ttf', 'liberation/LiberationSans-Bold.ttf'],
    ['dejavu/DejaVuSans.ttf', 'dejavu/DejaVuSans-Bold.ttf'],
  ],
  'Times-Roman': [
    ['liberation/LiberationSerif-Regular.ttf', 'liberation/LiberationSerif-Bold.ttf'],
    ['dejavu/DejaVuSerif.ttf', 'dejavu/DejaVuSerif-Bold.ttf'],
  ],
  Courier: [
    ['liberation/LiberationMono-Regular.ttf', 'liberation/LiberationMono-Bold.ttf'],
    ['dejavu/DejaVuSansMono.ttf', 'dejavu/DejaVuSansMono-Bold.ttf'],
  ],
};

const ALL = LAB_DOC_TYPES;

/** Copy-move route: scan q88-95, then GraphicsMagick writes it again at q70-86 (with the copy for the forgery). */
async function copyMoveRoute(spec: SampleSpec, forge: boolean): Promise<BuiltSample> {
  const p = await pageImage(spec, [200, 300]);
  const pair = forge ? copyPair(p) : null;
  const q1 = p.rng.int(88, 95);
  const q2 = p.rng.int(70, 86);
  const jpeg = await scan(p, q1);
  let copy: { from: Rect; to: [number, number] } | undefined;
  if (pair) {
    const s = p.dpi / 72;
    const width = Math.ceil(Math.max(pair.to.width, pair.from.width) * s) + 6;
    const from = itemRect(pair.from, p.dpi, width, 3);
    const to = itemRect(pair.to, p.dpi, width, 3);
    copy = { from, to: [to[0], to[1]] };
  }
  const bytes = await gmResave(jpeg, q2, copy);
  const producer = `pdf-lib > pdftoppm ${p.dpi} dpi > Pillow scan JPEG q${q1} > ${pair ? 'gm copy-move amount > ' : ''}gm JPEG q${q2}`;
  return label(spec, p.model, bytes, 'jpg', producer, pair?.edit, ['image_manipulation', 'compression_anomaly']);
}

/** PNG route: a page picture exported by Pillow (with a value covered and retyped for the forgery). */
async function retypeRoute(spec: SampleSpec, forge: boolean): Promise<BuiltSample> {
  const p = await pageImage(spec, [110, 130, 150]);
  if (!forge) return label(spec, p.model, await pil(p.png, { op: 'png' }), 'png', `pdf-lib > pdftoppm ${p.dpi} dpi > Pillow PNG`);
  const options = onPage1(
    p.layout,
    p.model.edits.filter((e) => (e.target === 'amount' || e.target === 'date') && contentFlags(e).length > 0),
  );
  if (!options.length) throw new Error('no amount or date edit printed on page 1');
  const { edit, item } = p.rng.pick(options);
  const s = p.dpi / 72;
  const fonts = p.rng.pick(LOOKALIKE[standardFamily(p.model.issuer.font)]);
  const font = `/usr/share/fonts/truetype/${item.bold ? fonts[1] : fonts[0]}`;
  const width = Math.ceil(item.width * s) + 2;
  const bytes = await pil(p.png, {
    op: 'retype',
    cover: itemRect(item, p.dpi, width, 1),
    text: edit.after,
    font,
    sizePx: Math.round(item.size * s),
    x: Math.round((item.align === 'right' ? item.x + item.width : item.x) * s),
    baseline: Math.round(item.baseline * s),
    align: item.align,
    ink: p.rng.int(0, 40),
  });
  const producer = `pdf-lib > pdftoppm ${p.dpi} dpi > Pillow region retyped (${font.split('/').pop()}) > PNG`;
  return label(spec, p.model, bytes, 'png', producer, { ...edit, before: item.text }, ['image_manipulation', 'font_inconsistency']);
}

/** Digit-paste route: scan q75-92, then Pillow saves it again with the file's own tables (quality='keep'). */
async function digitPasteRoute(spec: SampleSpec, forge: boolean): Promise<BuiltSample> {
  const p = await pageImage(spec, [150, 200, 300]);
  const q = p.rng.int(75, 92);
  const jpeg = await scan(p, q);
  if (!forge)
    return label(spec, p.model, await pil(jpeg, { op: 'keep' }), 'jpg', `pdf-lib > pdftoppm ${p.dpi} dpi > Pillow scan JPEG q${q} > Pillow JPEG (same tables)`);
  for (const { edit, item } of p.rng.shuffle(
    onPage1(
      p.layout,
      p.model.edits.filter((e) => e.target === 'amount'),
    ),
  )) {
    const index = [...item.text].findIndex((c) => c >= '1' && c <= '9');
    if (index < 0) continue;
    for (const digit of p.rng.shuffle(['2', '3', '4', '5', '6', '7', '8', '9'].filter((d) => d !== item.text[index]))) {
      const donor = findDonorGlyph(p.layout, 0, digit, item);
      if (!donor) continue;
      const from = glyphRect(p.layout, donor.item, donor.index, p.dpi);
      const to = glyphRect(p.layout, item, index, p.dpi);
      const bytes = await pil(jpeg, { op: 'paste', from: [from.left, from.top, to.width, to.height], to: [to.left, to.top] });
      const after = item.text.slice(0, index) + digit + item.text.slice(index + 1);
      const producer = `pdf-lib > pdftoppm ${p.dpi} dpi > Pillow scan JPEG q${q} > Pillow digit pasted > JPEG (same tables)`;
      return label(spec, p.model, bytes, 'jpg', producer, { ...edit, before: item.text, after }, ['image_manipulation']);
    }
  }
  throw new Error('no amount on page 1 with a donor digit');
}

function route(id: string, description: string, build: (spec: SampleSpec, forge: boolean) => Promise<BuiltSample>): Technique[] {
  return [
    { id: `d_${id}`, family: 'D', label: 'tampered', count: 10, description, docTypes: ALL, build: (s) => build(s, true) },
    {
      id: `d_genuine_${id}`,
      family: 'D',
      label: 'genuine',
      count: 10,
      description: `Genuine twin of d_${id}: the same chain without the edit.`,
      docTypes: ALL,
      build: (s) => build(s, false),
    },
  ];
}

export const ROUTES_D: Technique[] = [
  ...route(
    'copymove_gm',
    'Scan JPEG (Pillow, q88-95); a printed amount covered by a same-length amount copied from the page (gm crop + composite), saved by gm at q70-86.',
    copyMoveRoute,
  ),
  ...route(
    'png_retype_pil',
    'Page picture exported as PNG (Pillow); an amount or date covered in its background colour and retyped by Pillow in a look-alike font.',
    retypeRoute,
  ),
  ...route(
    'digit_paste_pil',
    "Scan JPEG (Pillow, q75-92); one digit of an amount replaced by the same page's glyph, saved by Pillow with the file's own tables (quality='keep').",
    digitPasteRoute,
  ),
];
