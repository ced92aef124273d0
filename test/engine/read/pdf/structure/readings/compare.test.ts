import { describe, expect, it } from 'vitest';
import { openPdf } from '../../../../../../engine/read/pdf/structure/document.js';
import { compareReadings } from '../../../../../../engine/read/pdf/structure/readings/compare.js';
import { cleanCut, streamSpans, spansDisagree } from '../../../../../../engine/read/pdf/structure/readings/spans.js';
import { PdfStream } from '../../../../../../engine/read/pdf/structure/objects.js';
import {
  bareUpdate,
  countShort,
  duplicate,
  fieldAppearanceTwice,
  freeOverlay,
  gluedStream,
  innerDocument,
  lengthSplit,
  lengthTwice,
  orphanPage,
  plain,
  REAL,
} from './confusions.js';

const compare = (b: Uint8Array) => compareReadings(openPdf(b));
const kinds = (b: Uint8Array) => compare(b)?.disagreements.map((d) => d.kind) ?? [];

describe('differential reading', () => {
  it('builds nothing for a sound file', () => {
    expect(compare(plain())).toBeNull();
  });

  it('reads a stream by /Length and by endstream, and sees the forged amount only in the second', () => {
    const cmp = compare(lengthSplit())!;
    expect(cmp.choices.map((c) => c.kind)).toContain('stream_length');
    const d = cmp.disagreements.find((x) => x.kind === 'text')!;
    expect(d.readings[0]).toBe('cross-reference');
    expect(d.changed[1]).toContain('9,350.00');
    expect(d.objects.some((o) => o.first?.length === REAL.length)).toBe(true);
  });

  it('agrees when the bytes past /Length are a comment', () => {
    const cmp = compare(lengthSplit(false))!;
    expect(cmp.choices.length).toBeGreaterThan(0);
    expect(cmp.disagreements).toEqual([]);
  });

  it('splits on the first and the last of two /Length keys', () => {
    const cmp = compare(lengthTwice())!;
    expect(cmp.readings.map((r) => r.name)).toContain('cross-reference (last /Length key)');
    expect(kinds(lengthTwice())).toContain('text');
  });

  it('reads duplicate definitions first-wins and last-wins', () => {
    expect(kinds(duplicate())).toContain('text');
    expect(compare(duplicate(REAL))!.disagreements).toEqual([]);
  });

  it('applies an update without xref or %%EOF only in the recovering reading', () => {
    const cmp = compare(bareUpdate())!;
    expect(cmp.choices.map((c) => c.kind)).toContain('after_last_eof');
    expect(cmp.disagreements.some((d) => d.kind === 'text' && d.changed[1].includes('9,350.00'))).toBe(true);
    expect(compare(bareUpdate(REAL))!.disagreements).toEqual([]);
  });

  it('reads each embedded document from its own header', () => {
    const cmp = compare(innerDocument())!;
    expect(cmp.choices.map((c) => c.kind)).toContain('several_headers');
    expect(cmp.disagreements.some((d) => d.kind === 'text')).toBe(true);
    expect(compare(innerDocument(REAL))!.disagreements.filter((d) => d.kind === 'text')).toEqual([]);
  });

  it('spans: declared lengths in key order; whitespace before endstream and cuts inside a token are no choice', () => {
    const text = '1 0 obj\n<< /Length 3 /Length 5 >>\nstream\nab c \nendstream\nendobj\n';
    const b = new Uint8Array(Buffer.from(text, 'latin1'));
    const start = text.indexOf('ab c');
    const scanned = openPdf(b).scan.objects[0].value as PdfStream;
    const spans = streamSpans(b, 0, scanned, () => undefined);
    expect(spans.declared).toEqual([3, 5]);
    expect(spans.toEndstream).toBe(5);
    expect(spansDisagree(b, start, { declared: [4], toEndstream: 5 })).toBe(false);
    expect(spansDisagree(b, start, { declared: [2], toEndstream: 5 })).toBe(true);
    expect(spansDisagree(b, start, { declared: [1], toEndstream: 5 })).toBe(false);
  });

  it('a cut inside a string is not a clean cut', () => {
    const b = new Uint8Array(Buffer.from('BT (Total 12) Tj ET (x', 'latin1'));
    expect(cleanCut(b, 0, 16)).toBe(true);
    expect(cleanCut(b, 0, 9)).toBe(false);
    expect(cleanCut(b, 0, b.length)).toBe(false);
  });
});

describe('differential reading: page trees, glued streams, free entries', () => {
  it('a tree whose /Count is short of its kids: the /Count reading shows fewer pages', () => {
    const cmp = compare(countShort())!;
    expect(cmp.readings.map((r) => [r.name, r.pages])).toContainEqual(['page tree /Count', 1]);
    expect(cmp.disagreements.find((d) => d.kind === 'pages')).toMatchObject({ pageCounts: [2, 1], page: 2 });
  });

  it('a page object outside the kids is listed only when /Count says the tree is short of it', () => {
    expect(kinds(orphanPage())).toContain('pages');
    expect(compare(orphanPage(true))).toBeNull();
  });

  it('a stream glued to its keyword shows text only to the reader that searches the bytes', () => {
    const d = compare(gluedStream())!.disagreements.find((x) => x.kind === 'text')!;
    expect(d.shown[0]).toBe('');
    expect(d.shown[1]).toContain('Closing balance: 1,350.00');
  });

  it('an overlay stream marked free shows only to the recovering reader', () => {
    const d = compare(freeOverlay())!.disagreements.find((x) => x.kind === 'text')!;
    expect(d.changed[1]).toContain('9,350.00');
    expect(d.objects.some((o) => o.first === null && o.second !== null)).toBe(true);
  });
});

describe('differential reading: annotation appearances', () => {
  it('reads the appearance of a form field as painted on the page', () => {
    const d = compare(fieldAppearanceTwice())!.disagreements.find((x) => x.kind === 'text')!;
    expect(d.changed).toEqual(['1,350.00', '9,350.00']);
  });
});
