import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { noteFields, publicRepoRows, sharedGenuineRows } from '../lab/real-manifest.js';
import { familyOf } from '../lab/util/producer-family.js';
import { splitOf } from '../lab/util/split.js';

describe('splits of the real corpora', () => {
  it('deals sources, not files, into the three splits in about the planned shares', () => {
    const units = Array.from({ length: 2000 }, (_, i) => `owner${i}/repo${i}`);
    const count = (s: string) => units.filter((u) => splitOf(u) === s).length / units.length;
    expect(count('tune')).toBeGreaterThan(0.45);
    expect(count('tune')).toBeLessThan(0.55);
    expect(count('validate')).toBeGreaterThan(0.16);
    expect(count('test')).toBeGreaterThan(0.26);
    // Fixed: a tuned-on source never moves to test between runs.
    expect(units.map(splitOf)).toEqual(units.map(splitOf));
  });

  it('keeps every file of one repository in its repository split', () => {
    const dir = mkdtempSync(join(tmpdir(), 'veracity-manifest-'));
    const head = 'relpath\tsha256\tbytes\tsource_repo\tsource_path\tkind\texpected\tnotes';
    const rows = Array.from({ length: 60 }, (_, i) => `r${i}/a.pdf\tx\t1\towner/repo${i % 6}\ta.pdf\tpdf\tgenuine\tproducer=LibreOffice 7.4; pages=1`);
    writeFileSync(join(dir, 'MANIFEST.tsv'), [head, ...rows, `bad.pdf\tx\t1\towner/repo0\tb.pdf\tpdf\ttampered\t`].join('\n'));
    const all = publicRepoRows(dir, 'all');
    expect(all).toHaveLength(60);
    const names = ['tune', 'validate', 'test'] as const;
    const splits = names.map((s) => publicRepoRows(dir, s));
    expect(splits.flat()).toHaveLength(60);
    names.forEach((name, i) => {
      for (const r of splits[i]) expect(splitOf(r.source_repo)).toBe(name);
    });
  });

  it('splits the shared corpus by the same repositories, so no repository joins two splits', () => {
    const dir = mkdtempSync(join(tmpdir(), 'veracity-shared-'));
    const head = 'relpath\tsha256\tbytes\tsource_repo\tsource_path\tkind\texpected\tnotes';
    const rows = Array.from({ length: 40 }, (_, i) => `s${i}.pdf\tx\t1\towner/repo${i % 8}\ts.pdf\tpdf\tgenuine\t`);
    writeFileSync(join(dir, 'MANIFEST.tsv'), [head, ...rows].join('\n'));
    expect(sharedGenuineRows(dir)).toHaveLength(40);
    const names = ['tune', 'validate', 'test'] as const;
    const splits = names.map((s) => sharedGenuineRows(dir, s));
    expect(splits.flat()).toHaveLength(40);
    names.forEach((name, i) => {
      for (const r of splits[i]) expect(splitOf(r.source_repo)).toBe(name);
    });
  });

  it('reads the producer from the notes and names its family', () => {
    const notes = noteFields('producer=Adobe PDF Library 20.9.95; creator=Acrobat PDFMaker 20 for Word; pages=2; qpdf-check=warnings');
    expect(notes).toMatchObject({ producer: 'Adobe PDF Library 20.9.95', creator: 'Acrobat PDFMaker 20 for Word', pages: '2' });
    expect(familyOf(notes.producer, notes.creator)).toBe('adobe-pdf-library');
    expect(familyOf('GPL Ghostscript 9.26', 'dvips(k) 5.998')).toBe('dvips+ghostscript');
    expect(familyOf('', '')).toBe('none');
    expect(familyOf('Zetadocs 3.1')).toBe('other:zetadocs');
  });
});
