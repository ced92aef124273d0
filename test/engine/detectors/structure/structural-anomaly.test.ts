import { expect } from 'vitest';
import { structuralAnomalyDetector } from '../../../../engine/detectors/structure/structural-anomaly.js';
import { testDetector } from '../../detector-tester.js';
import { structureContext } from '../../read/pdf/structure/context.js';
import zlib from 'node:zlib';
import { appendUpdate, hasQpdf, qpdf } from '../../read/pdf/structure/fixtures.js';
import { statement } from '../../read/pdf/structure/updates.js';
import { pageKeptByTool, reusedGeneration, staleSection } from '../../read/pdf/structure/more-updates.js';
import { interimIndex, unchainedEdit } from '../../read/pdf/structure/interim-index.js';
import { chainBomb, DRAW, flate, formOf, honestScan, image, MiB, pageWith } from '../../read/pdf/structure/bomb-fixtures.js';

const edit = (f: (s: string) => string) => () => new Uint8Array(Buffer.from(f(Buffer.from(statement()).toString('latin1')), 'latin1'));
const shifted = edit((s) => s.replace('%PDF-1.7\n', '%PDF-1.7\n% comment that shifts every object\n'));
// A second definition of object 3 before the xref, and a body object no xref lists; startxref
// moved by the inserted bytes so that the cross-reference itself stays intact.
const LEFT_OVERS = '3 0 obj\n<< /Type /Font /Subtype /Type1 /BaseFont /Courier >>\nendobj\n99 0 obj\n(left over)\nendobj\n';
const duplicated = edit((s) =>
  s.replace('\nxref\n', `\n${LEFT_OVERS}xref\n`).replace(/startxref\n(\d+)/, (_, at: string) => `startxref\n${Number(at) + LEFT_OVERS.length}`),
);
/** A Flate stream of `mb` megabytes of zeros added by an update (a bomb when `mb` is large). */
const withFlate = (mb: number) => () => {
  const data = zlib.deflateSync(Buffer.alloc(mb * 1024 * 1024), { level: 9 });
  return appendUpdate(statement(), {
    objects: [{ num: 40, body: `<< /Length ${data.length} /Filter /FlateDecode >>\nstream\n${data.toString('latin1')}\nendstream` }],
  });
};
const trailing = edit((s) => `${s}${'appended payload after the end of the file '.repeat(3)}`);

testDetector(structuralAnomalyDetector, {
  valid: [
    { name: 'a clean file', input: structureContext(statement()) },
    { name: 'an update appended to a save that never wrote %%EOF (its objects redefine, not duplicate)', input: structureContext(() => pageKeptByTool()) },
    { name: "a writer's interim xref stream that the live one restates", input: structureContext(() => interimIndex()) },
    { name: "a writer's interim xref stream gone stale when it rewrote the page in place", input: structureContext(() => interimIndex({ stale: true })) },
    { name: 'a large but real stream (8 MB)', input: structureContext(withFlate(8)) },
    {
      name: 'an honest 600 dpi 1-bit full-page scan',
      input: structureContext(() => pageWith({ contents: [DRAW('Scan')], xobjects: { Scan: honestScan(4960, 7016) } })),
    },
    {
      name: 'a heavy but honest vector page and a logo form drawn a few times',
      input: structureContext(() =>
        pageWith({
          contents: [
            flate(`q ${Array.from({ length: 20_000 }, (_, i) => `${i % 400} ${i % 300} m ${(i % 400) + 2} ${i % 300} l S`).join('\n')} Q`),
            DRAW('Logo', 3),
          ],
          xobjects: { Logo: formOf(flate('0 0 1 rg 0 0 10 10 re f')) },
        }),
      ),
    },
    ...(hasQpdf() ? [{ name: 'qpdf output', input: structureContext(() => qpdf(statement(), ['--object-streams=generate'])) }] : []),
  ],
  invalid: [
    { name: 'xref offsets broken', input: structureContext(shifted), reasons: ['structural_anomaly.xref_repaired'] },
    {
      name: 'an object defined twice and one unlisted',
      input: structureContext(duplicated),
      reasons: ['structural_anomaly.duplicate_object', 'structural_anomaly.unlisted_objects'],
    },
    { name: 'an xref section chained from nowhere', input: structureContext(staleSection), reasons: ['structural_anomaly.unlinked_section'] },
    {
      name: 'a content edit whose new index drops the link to the first',
      input: structureContext(() => unchainedEdit((c) => c.replace('1,350.00', '9,350.00'))),
      reasons: ['structural_anomaly.unlinked_section'],
    },
    {
      name: 'a generation number above 0 in a single-revision file',
      input: structureContext(reusedGeneration),
      reasons: ['structural_anomaly.generation_numbers'],
    },
    { name: 'data after %%EOF', input: structureContext(trailing), reasons: ['structural_anomaly.trailing_data'] },
    {
      name: 'a 200 MB decompression bomb in a small file',
      input: structureContext(withFlate(200)),
      reasons: ['structural_anomaly.decompression_budget'],
      check: (f) => expect(f.find((x) => x.code.endsWith('decompression_budget'))!.evidence.streams).toEqual([expect.objectContaining({ object: '40 0' })]),
    },
    {
      name: 'a 10 GiB bomb through a chain of filters',
      input: structureContext(() => pageWith({ contents: [chainBomb(10 * 1024 ** 3)] })),
      reasons: ['structural_anomaly.decompression_budget'],
      check: (f) =>
        expect(f[0].evidence.streams).toEqual([
          expect.objectContaining({ object: '40 0', filters: ['ASCIIHexDecode', 'FlateDecode', 'FlateDecode'], budget: 64 * MiB }),
        ]),
    },
    {
      name: 'a 4 MiB form drawn 200 times',
      input: structureContext(() => pageWith({ contents: [DRAW('Fx', 200)], xobjects: { Fx: formOf(flate(`0 g 0 0 1 1 re f ${' '.repeat(4 * MiB)}`)) } })),
      reasons: ['structural_anomaly.decompression_budget'],
      check: (f) => expect(f[0].summary).toContain('drawn 200 times'),
    },
    {
      name: 'an image declaring 60000x60000 over 3 KB of DCT data',
      input: structureContext(() =>
        pageWith({
          contents: [DRAW('Im')],
          xobjects: { Im: image('/Width 60000 /Height 60000 /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /DCTDecode', Buffer.alloc(3000, 0xff)) },
        }),
      ),
      reasons: ['structural_anomaly.image_over_budget'],
      check: (f) => expect(f[0].evidence.images).toEqual([expect.objectContaining({ object: '41 0', width: 60000, height: 60000, dataBytes: 3000 })]),
    },
    {
      name: 'a page nesting q 100000 deep',
      input: structureContext(() => pageWith({ contents: [flate(`${'q '.repeat(100_000)}${'Q '.repeat(100_000)}`)] })),
      reasons: ['structural_anomaly.content_over_budget'],
      check: (f) => expect(f[0].pages).toEqual([1]),
    },
  ],
});
