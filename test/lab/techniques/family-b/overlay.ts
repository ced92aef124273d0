/** A forger's overlay: pypdf merges a ReportLab page with a white box and a retyped value. */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { requireTool, type WordBox } from '../../render/family-b.js';
import { run, withTempDir } from '../../util/exec.js';

export const PYPDF_OVERLAY = String.raw`
import json, sys
from reportlab.pdfgen import canvas
from pypdf import PdfReader, PdfWriter
d = json.load(sys.stdin)
r = PdfReader(d['src'])
p = r.pages[d['page'] - 1]
w, h = float(p.mediabox.width), float(p.mediabox.height)
c = canvas.Canvas(d['ovl'], pagesize=(w, h))
x0, y0, x1, y1 = d['box']
c.setFillColorRGB(1, 1, 1); c.setStrokeColorRGB(1, 1, 1)
c.rect(x0 - 1, h - y1 - 1.5, x1 - x0 + 2, y1 - y0 + 3, fill=1, stroke=0)
c.setFillColorRGB(0.1, 0.1, 0.1)
size = (y1 - y0) * 0.78
c.setFont(d['font'], size)
c.drawRightString(x1, h - y1 + (y1 - y0) * 0.22, d['text'])
c.save()
p.merge_page(PdfReader(d['ovl']).pages[0])
wr = PdfWriter()
for pg in r.pages: wr.add_page(pg)
if d['keepInfo'] and r.metadata: wr.add_metadata({k: v for k, v in r.metadata.items()})
wr.write(d['out'])
`;

export async function pypdfOverlay(pdf: Uint8Array, box: WordBox, text: string, font: string, keepInfo: boolean): Promise<Uint8Array> {
  requireTool('reportlab');
  requireTool('pypdf');
  return withTempDir(async (dir) => {
    await writeFile(join(dir, 'in.pdf'), pdf);
    await writeFile(join(dir, 'ov.py'), PYPDF_OVERLAY);
    await writeFile(
      join(dir, 'in.json'),
      JSON.stringify({
        src: join(dir, 'in.pdf'),
        ovl: join(dir, 'ovl.pdf'),
        out: join(dir, 'out.pdf'),
        page: box.page,
        box: [box.xMin, box.yMin, box.xMax, box.yMax],
        text,
        font,
        keepInfo,
      }),
    );
    await run('sh', ['-c', `/usr/bin/python3 "${join(dir, 'ov.py')}" < "${join(dir, 'in.json')}"`]);
    return new Uint8Array(await readFile(join(dir, 'out.pdf')));
  });
}
