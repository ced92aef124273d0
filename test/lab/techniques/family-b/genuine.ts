/** Family B genuine documents: the issuers' own tools, scans, phone photos, screenshots, print to PDF. */
import { chromiumScreenshot, img2pdf, psRedistil, toHtmlB } from '../../render/family-b.js';
import { rasterizePage } from '../../render/raster.js';
import { laterDate, metaFor, start } from '../common.js';
import type { Technique } from '../types.js';
import { pagesAsJpegs, photoB } from './camera.js';
import { ALL, B_TOOLS, baseB, genuineB, PRODUCER_NAME, render } from './shared.js';

export const GENUINE_B: Technique[] = [
  // ---- genuine ----
  ...B_TOOLS.map((tool): Technique => ({
    id: `b_genuine_${tool}`,
    family: 'B',
    label: 'genuine',
    description: `Issuing system printing through ${PRODUCER_NAME[tool]} (family B layout).`,
    docTypes: ALL,
    async build(spec) {
      const { model } = start(spec);
      const meta = metaFor(model);
      return genuineB(spec, model, await render(tool, model, meta), 'pdf', PRODUCER_NAME[tool]);
    },
  })),
  {
    id: 'b_genuine_scan_img2pdf',
    family: 'B',
    label: 'genuine',
    description: 'Printed and scanned by a scanning app at 200-300 dpi, JPEG q75-92 pages wrapped by img2pdf.',
    docTypes: ALL,
    async build(spec) {
      const { rng, model } = start(spec);
      const base = await baseB(rng, model);
      const dpi = rng.pick([200, 300]);
      const q = rng.int(75, 92);
      const bytes = await img2pdf(await pagesAsJpegs(base.bytes, rng, dpi, q), dpi, laterDate(rng, model.createdAt));
      return genuineB(spec, model, bytes, 'pdf', `${PRODUCER_NAME[base.tool]} > scan ${dpi} dpi JPEG q${q} > img2pdf`);
    },
  },
  {
    id: 'b_genuine_phone_photo',
    family: 'B',
    label: 'genuine',
    description: '12-megapixel phone photo of the printed first page, JPEG q80-95 with camera EXIF.',
    docTypes: ALL,
    async build(spec) {
      const { rng, model } = start({ ...spec, pages: 1 });
      const base = await baseB(rng, model);
      const q = rng.int(80, 95);
      const bytes = await photoB(await rasterizePage(base.bytes, 1, 200), rng, q, laterDate(rng, model.createdAt));
      return genuineB(spec, model, bytes, 'jpg', `${PRODUCER_NAME[base.tool]} > phone photo 12 MP q${q}`);
    },
  },
  {
    id: 'b_genuine_screenshot',
    family: 'B',
    label: 'genuine',
    description: 'PNG screenshot of the web portal page (headless Chromium).',
    docTypes: ALL,
    async build(spec) {
      const { model } = start({ ...spec, pages: 1 });
      const bytes = await chromiumScreenshot(toHtmlB(model, new Map(), { screen: true }), { width: 900, height: 1300 });
      return genuineB(spec, model, bytes, 'png', 'chromium screenshot (PNG)');
    },
  },
  {
    id: 'b_genuine_print_ps',
    family: 'B',
    label: 'genuine',
    description: 'Genuine file printed to PDF through a PostScript driver (pdftops > ps2pdf).',
    docTypes: ALL,
    async build(spec) {
      const { rng, model } = start(spec);
      const base = await baseB(rng, model);
      return genuineB(spec, model, await psRedistil(base.bytes, laterDate(rng, model.createdAt)), 'pdf', `${PRODUCER_NAME[base.tool]} > pdftops > ps2pdf`);
    },
  },
];
