import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { parsePdfStructure } from '../../../../../engine/read/pdf/structure/index.js';
import { EngineError } from '../../../../../engine/types.js';
import { STATEMENT_LINES, appendUpdate, buildRawPdf, contentEditUpdate, hasQpdf, qpdf, rawLayout, xmpPacket } from './fixtures.js';

const base = () => buildRawPdf({ pages: [{ lines: STATEMENT_LINES }, { lines: [{ x: 72, y: 700, text: 'Page two' }] }] });

describe('parsePdfStructure: basics', () => {
  it('reads pages, revisions, Info and ID of a plain file', () => {
    const s = parsePdfStructure(base());
    expect(s.pageCount).toBe(2);
    expect(s.revisions).toHaveLength(1);
    expect(s.revisions[0]).toMatchObject({ number: 1, xrefKind: 'table', isLinearizationSection: false });
    expect(s.updateCount).toBe(0);
    expect(s.version).toBe('1.7');
    expect(s.info).toMatchObject({ Producer: 'Veracity Test Writer' });
    expect(s.trailerId?.[0]).toBe('0123456789abcdef0123456789abcdef');
    expect(s.repairs).toEqual([]);
    expect(s.encrypted).toBe(false);
  });

  it('decodes Info strings: UTF-16BE with BOM, PDFDocEncoding, escapes and octal', () => {
    const utf16 = Buffer.from('\ufeffZürich – 東京', 'utf16le').swap16().toString('hex');
    const s = parsePdfStructure(
      buildRawPdf({
        pages: [{ lines: [] }],
        info: { Title: `<${utf16}>`, Author: '(Caf\\351 \\(Paris\\) \\\\ A)', Subject: '(\\200 point)', Keywords: '<4869>' },
      }),
    );
    expect(s.info).toEqual({ Title: 'Zürich – 東京', Author: 'Café (Paris) \\ A', Subject: '• point', Keywords: 'Hi' });
  });

  it('reads the XMP packet from the catalog /Metadata stream', () => {
    const s = parsePdfStructure(buildRawPdf({ pages: [{ lines: [] }], xmp: xmpPacket({ producer: 'JasperReports Library version 6.20.0' }) }));
    expect(s.xmp).toContain('<pdf:Producer>JasperReports Library version 6.20.0</pdf:Producer>');
  });

  it('reports missing Info and ID as null', () => {
    const s = parsePdfStructure(buildRawPdf({ pages: [{ lines: [] }], info: null, id: false }));
    expect(s.info).toBeNull();
    expect(s.trailerId).toBeNull();
    expect(s.xmp).toBeNull();
  });
});

describe('parsePdfStructure: revisions', () => {
  it('counts an appended incremental update as a second revision with its own entries', () => {
    const b = base();
    const edited = contentEditUpdate(b, 2, 0, [{ x: 72, y: 590, text: 'Closing balance: 9,350.00' }]);
    const s = parsePdfStructure(edited);
    expect(s.revisions).toHaveLength(2);
    expect(s.updateCount).toBe(1);
    expect(s.revisions[0].endOffset).toBe(b.length);
    expect(s.revisions[1].endOffset).toBe(edited.length);
    expect(s.revisions[1].entries.map((e) => e.num)).toEqual([rawLayout(2).content(0)]);
    expect(s.revisions[1].trailer.Prev).toBe(s.revisions[0].xrefOffset);
  });

  it('reads updates written as xref streams', () => {
    const L = rawLayout(1);
    const b = buildRawPdf({ pages: [{ lines: STATEMENT_LINES }] });
    const u = appendUpdate(b, { objects: [{ num: L.firstFree, body: '<< /Type /Annot /Subtype /Text /Rect [0 0 10 10] >>' }], xrefStream: true });
    const s = parsePdfStructure(u);
    expect(s.revisions.map((r) => r.xrefKind)).toEqual(['table', 'stream']);
    expect(s.revisions[1].entries.filter((e) => e.type === 'n').map((e) => e.num)).toContain(L.firstFree);
    expect(s.pageCount).toBe(1);
  });

  it.skipIf(!hasQpdf())('recognises a linearised file and does not count its first-page section as an update', () => {
    const lin = qpdf(base(), ['--linearize']);
    const s = parsePdfStructure(lin);
    expect(s.linearized).toBe(true);
    expect(s.revisions.length).toBe(2);
    expect(s.revisions[0].isLinearizationSection).toBe(true);
    expect(s.updateCount).toBe(0);
    expect(s.pageCount).toBe(2);
  });

  it.skipIf(!hasQpdf())('counts an update appended to a linearised file', () => {
    const lin = qpdf(base(), ['--linearize']);
    const u = appendUpdate(lin, { objects: [{ num: 50, body: '<< /Type /Annot /Subtype /Text /Rect [0 0 10 10] >>' }] });
    const s = parsePdfStructure(u);
    expect(s.updateCount).toBe(1);
    expect(s.revisions.at(-1)!.isLinearizationSection).toBe(false);
  });

  it.skipIf(!hasQpdf())('reads object streams and xref streams (qpdf --object-streams=generate)', () => {
    const out = qpdf(base(), ['--object-streams=generate']);
    const s = parsePdfStructure(out);
    expect(s.revisions.map((r) => r.xrefKind)).toEqual(['stream']);
    expect(s.revisions[0].entries.some((e) => e.type === 'c')).toBe(true);
    expect(s.pageCount).toBe(2);
    expect(s.info?.Producer).toBe('Veracity Test Writer');
  });

  it.skipIf(!hasQpdf())('reads Info of a file encrypted with an empty user password (AES-256 and RC4)', () => {
    for (const bits of ['256', '128']) {
      const out = qpdf(base(), [
        ...(bits === '128' ? ['--allow-weak-crypto'] : []),
        '--encrypt',
        '',
        'owner-secret',
        bits,
        ...(bits === '128' ? ['--use-aes=n'] : []),
        '--',
      ]);
      const s = parsePdfStructure(out);
      expect(s.encrypted).toBe(true);
      expect(s.info?.Producer, `${bits}-bit`).toBe('Veracity Test Writer');
      expect(s.pageCount).toBe(2);
    }
  });

  it('reads pdf-lib output with object streams', async () => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    for (let i = 0; i < 3; i++) doc.addPage().drawText(`Page ${i + 1}`, { x: 50, y: 700, font });
    doc.setProducer('pdf-lib (https://github.com/Hopding/pdf-lib)');
    const s = parsePdfStructure(await doc.save({ useObjectStreams: true }));
    expect(s.pageCount).toBe(3);
    expect(s.info?.Producer).toBe('pdf-lib (https://github.com/Hopding/pdf-lib)');
  });
});

describe('parsePdfStructure: repairs and hostile input', () => {
  it('repairs xref offsets that no longer point at their objects', () => {
    const text = Buffer.from(base()).toString('latin1');
    // Bytes inserted after the header shift every object; the xref still has the old offsets.
    const shifted = text.replace('%PDF-1.7\n', '%PDF-1.7\n% inserted comment shifting all offsets\n');
    const s = parsePdfStructure(new Uint8Array(Buffer.from(shifted, 'latin1')));
    expect(s.pageCount).toBe(2);
    expect(s.info?.Producer).toBe('Veracity Test Writer');
    expect(s.repairs.length).toBeGreaterThan(0);
  });

  it('rebuilds the cross-reference when startxref is missing', () => {
    const text = Buffer.from(base())
      .toString('latin1')
      .replace(/startxref\s+\d+/, '');
    const s = parsePdfStructure(new Uint8Array(Buffer.from(text, 'latin1')));
    expect(s.pageCount).toBe(2);
    expect(s.repairs.join(' ')).toMatch(/startxref/);
  });

  it('survives deep nesting, /Prev loops and page-tree loops quickly', () => {
    const deep = `%PDF-1.4\n1 0 obj\n${'['.repeat(50_000)}\nendobj\n`;
    const loop = `%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [2 0 R 3 0 R] /Count 1 >>\nendobj\n3 0 obj\n<< /Type /Page /Parent 2 0 R >>\nendobj\nxref\n0 4\n0000000000 65535 f \n0000000009 00000 n \n0000000058 00000 n \n0000000127 00000 n \ntrailer\n<< /Size 4 /Root 1 0 R /Prev 139 >>\nstartxref\n139\n%%EOF\n`;
    const start = performance.now();
    for (const src of [deep, loop]) {
      try {
        parsePdfStructure(new Uint8Array(Buffer.from(src, 'latin1')));
      } catch (err) {
        expect(err).toBeInstanceOf(EngineError);
      }
    }
    const s = parsePdfStructure(new Uint8Array(Buffer.from(loop, 'latin1')));
    expect(s.pageCount).toBe(1);
    expect(performance.now() - start).toBeLessThan(2000);
  });

  it('throws corrupt_document when nothing PDF-like is inside', () => {
    const junk = new Uint8Array(Buffer.from('%PDF-1.4\n' + 'garbage '.repeat(100), 'latin1'));
    expect(() => parsePdfStructure(junk)).toThrow(expect.objectContaining({ code: 'corrupt_document' }));
  });
});
