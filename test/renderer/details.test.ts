/** The review window's details at unit level (issue 32, item 5); e2e-details.test.ts drives them in Chromium. */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { DocumentCheck } from '../../renderer/src/api/contract.js';
import { IMAGE_NO_REVISIONS, RevisionTimeline } from '../../renderer/src/components/RevisionTimeline.js';
import { TriggeredRules } from '../../renderer/src/components/TriggeredRules.js';
import { batchLine, skippedText } from '../../renderer/src/lib/batch.js';
import { invalidCuts, thresholdPreview } from '../../renderer/src/lib/bands.js';
import { filesFromDrop, pickSupported } from '../../renderer/src/lib/files.js';
import { RULES_NOT_RUN } from '../../renderer/src/lib/failure.js';
import { placeLabel } from '../../renderer/src/lib/label.js';
import { icoFromPngs } from '../../renderer/vite-plugins.js';

const check = (id: string, status: DocumentCheck['status']) => ({ id, status }) as DocumentCheck;

describe('batch bar', () => {
  it('counts as checked only the files that reached the service, and each refused upload once', () => {
    const byId = { dc_a: check('dc_a', 'completed') };
    const line = batchLine({ total: 3, checkIds: ['dc_a'], failedUploads: 2, skipped: [] }, byId);
    expect(line.done).toBe(true);
    expect(line.headline).toBe('Batch done: 1 document checked');
    expect(line.failed).toBe('2 could not be uploaded');
    expect(line.skipped).toBeNull();
  });

  it('counts a failed analysis as checked (it has a check) and says when nothing was', () => {
    const byId = { dc_a: check('dc_a', 'failed'), dc_b: check('dc_b', 'completed') };
    expect(batchLine({ total: 2, checkIds: ['dc_a', 'dc_b'], failedUploads: 0, skipped: [] }, byId).headline).toBe('Batch done: 2 documents checked');
    expect(batchLine({ total: 2, checkIds: [], failedUploads: 2, skipped: [] }, {}).headline).toBe('Batch done: no document checked');
    expect(batchLine({ total: 0, checkIds: [], failedUploads: 0, skipped: ['a.txt'] }, {}).headline).toBe('Nothing to check');
  });

  it('shows progress while files are still being analysed', () => {
    const byId = { dc_a: check('dc_a', 'completed'), dc_b: check('dc_b', 'processing') };
    const line = batchLine({ total: 4, checkIds: ['dc_a', 'dc_b'], failedUploads: 1, skipped: [] }, byId);
    expect(line).toMatchObject({ done: false, settled: 2, total: 4, headline: 'Checking 2 of 4 documents…' });
  });

  it('names skipped files, a few of them, and counts the rest', () => {
    expect(skippedText([])).toBeNull();
    expect(skippedText(['docs/notes.txt'])).toBe('Skipped 1 file that is not a PDF, PNG or JPEG: docs/notes.txt');
    const many = Array.from({ length: 7 }, (_, i) => `f${i}.docx`);
    expect(skippedText(many)).toBe('Skipped 7 files that are not PDF, PNG or JPEG: f0.docx, f1.docx, f2.docx, f3.docx, f4.docx and 2 more');
  });
});

describe('picked and dropped files', () => {
  const file = (name: string, type = '') => new File([new Uint8Array([1])], name, { type });

  it('splits a pick into files to check and the names of the rest', () => {
    const picked = pickSupported([file('a.pdf'), file('notes.txt', 'text/plain'), file('scan', 'image/jpeg')]);
    expect(picked.files.map((f) => f.name)).toEqual(['a.pdf', 'scan']);
    expect(picked.skipped).toEqual(['notes.txt']);
  });

  it('walks a dropped folder and names the skipped files by their path in it', async () => {
    const fileEntry = (f: File) => ({ isFile: true, isDirectory: false, name: f.name, file: (ok: (f: File) => void) => ok(f) });
    const children = [fileEntry(file('statement.pdf')), fileEntry(file('notes.txt', 'text/plain'))];
    let served = false;
    const dir = {
      isFile: false,
      isDirectory: true,
      name: 'inbox',
      createReader: () => ({
        readEntries: (ok: (e: unknown[]) => void) => {
          ok(served ? [] : children);
          served = true;
        },
      }),
    };
    const dt = { items: [{ kind: 'file', webkitGetAsEntry: () => dir }], files: [] } as unknown as DataTransfer;
    const picked = await filesFromDrop(dt);
    expect(picked.files.map((f) => f.name)).toEqual(['statement.pdf']);
    expect(picked.skipped).toEqual(['inbox/notes.txt']);
  });
});

describe('evidence label placement', () => {
  const page = { width: 600, height: 800 };
  const label = { width: 160, height: 20 };
  const inside = (at: { left: number; top: number }) =>
    at.left >= 0 && at.left + label.width <= page.width && at.top >= 0 && at.top + label.height <= page.height;
  const clear = (at: { left: number; top: number }, b: { left: number; top: number; width: number; height: number }) =>
    at.left + label.width <= b.left || at.left >= b.left + b.width || at.top + label.height <= b.top || at.top >= b.top + b.height;

  it('goes under the box, from its left edge, when there is room', () => {
    const box = { left: 100, top: 100, width: 80, height: 14 };
    expect(placeLabel(box, label, page)).toEqual({ left: 100, top: 122, side: 'below' });
  });

  it('flips to end at the box right edge near the page right edge, and stays on the page', () => {
    const box = { left: 520, top: 100, width: 60, height: 14 };
    const at = placeLabel(box, label, page);
    expect(at.left + label.width).toBeLessThanOrEqual(page.width - 8);
    expect(inside(at) && clear(at, box)).toBe(true);
  });

  it('goes above a box at the foot of the page, and is clamped on a page narrower than itself', () => {
    const foot = { left: 50, top: 780, width: 100, height: 14 };
    const at = placeLabel(foot, label, page);
    expect(at.side).toBe('above');
    expect(inside(at) && clear(at, foot)).toBe(true);
    expect(placeLabel({ left: 10, top: 10, width: 20, height: 10 }, { width: 300, height: 20 }, { width: 200, height: 400 }).left).toBe(8);
  });

  it('never covers its box nor leaves the page, wherever the box is', () => {
    for (let x = 0; x <= 560; x += 40)
      for (const y of [0, 30, 400, 760, 780]) {
        const box = { left: x, top: y, width: 40, height: 14 };
        const at = placeLabel(box, label, page);
        expect(inside(at), `${x},${y}`).toBe(true);
        expect(clear(at, box), `${x},${y}`).toBe(true);
      }
  });
});

describe('thresholds while the lines are invalid', () => {
  const saved = { pending_below: 40, suspicious_below: 60, fraudulent_below: 80 };

  it('marks the fields that break the order', () => {
    expect(invalidCuts(saved)).toEqual([]);
    expect(invalidCuts({ ...saved, pending_below: 65 })).toEqual(['pending_below', 'suspicious_below']);
    expect(invalidCuts({ ...saved, fraudulent_below: 101 })).toEqual(['fraudulent_below']);
    expect(invalidCuts({ ...saved, pending_below: Number.NaN })).toContain('pending_below');
    expect(invalidCuts({ ...saved, pending_below: 0 })).toEqual(['pending_below']);
  });

  it('draws the last valid lines, marked stale, and withdraws the preview', () => {
    const lastValid = { ...saved, pending_below: 30 };
    const bad = thresholdPreview([10, 50, 90], saved, { ...saved, pending_below: 70 }, lastValid);
    expect(bad).toMatchObject({ valid: false, shown: lastValid, stale: true, impact: null });
    const good = thresholdPreview([10, 35, 90], saved, lastValid, lastValid);
    expect(good).toMatchObject({ valid: true, shown: lastValid, stale: false });
    expect(good.impact).toMatchObject({ total: 3, changed: 1, moves: { 'clear→pending': 1 } });
  });
});

describe('sections with nothing to show', () => {
  it('says no rules ran on a failed check, and waits on one still processing', () => {
    const failed = renderToStaticMarkup(createElement(TriggeredRules, { rules: [], status: 'failed' }));
    expect(failed).toContain(RULES_NOT_RUN);
    expect(RULES_NOT_RUN).toMatch(/No rules ran.*analysis did not run/);
    expect(renderToStaticMarkup(createElement(TriggeredRules, { rules: [], status: 'processing' }))).not.toContain('No workspace rule fired');
    expect(renderToStaticMarkup(createElement(TriggeredRules, { rules: [], status: 'completed' }))).toContain('No workspace rule fired');
  });

  it('says an image has no revision history in words that fit an image', () => {
    const html = renderToStaticMarkup(createElement(RevisionTimeline, { revisions: [], onShowDiff: () => undefined, image: true }));
    expect(html).toContain(IMAGE_NO_REVISIONS);
    expect(html).not.toContain('not a PDF');
  });
});

describe('favicon', () => {
  it('wraps PNG images in a valid .ico directory', () => {
    const a = Buffer.from('png-a');
    const b = Buffer.from('png-bb');
    const ico = icoFromPngs([
      { size: 16, png: a },
      { size: 256, png: b },
    ]);
    expect([ico.readUInt16LE(0), ico.readUInt16LE(2), ico.readUInt16LE(4)]).toEqual([0, 1, 2]);
    // First entry: 16x16, its bytes right after the two 16-byte entries.
    expect([ico[6], ico[7], ico.readUInt32LE(6 + 8), ico.readUInt32LE(6 + 12)]).toEqual([16, 16, a.length, 38]);
    // 256 is written as 0.
    expect([ico[22], ico[23], ico.readUInt32LE(22 + 12)]).toEqual([0, 0, 38 + a.length]);
    expect(ico.subarray(38).toString()).toBe('png-apng-bb');
  });
});
