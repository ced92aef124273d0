/**
 * Block-parallel recognition (engine/read/ocr/bands.ts, `readPicture(.., { split: true })`)
 * against the whole-page reading of the same prepared pictures: document images of the shared
 * corpus and the code-built statement. The split is off by default until the two agree on 99 %
 * of words (docs/ocr.md); this measures where it stands and catches a split that loses a half
 * (moved boxes, a cut through a line) rather than reading it differently.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'tesseract.js';
import { readPicture, terminateOcr } from '../../../../engine/read/ocr/index.js';
import { pageHalves } from '../../../../engine/read/ocr/bands.js';
import { prepareForOcr } from '../../../../engine/read/ocr/prepare.js';
import { SHARED_CORPUS } from '../../../real/shared.js';
import { statementImage } from './statement-image.js';

const SHARED_IMAGES = ['invoices/invoice2data/oyo.png', 'invoices/invoice2data/SammyMaystoneLinesTest.png'];

function words(page: Page): Array<{ text: string; y: number }> {
  return (page.blocks ?? []).flatMap((b) => b.paragraphs.flatMap((p) => p.lines.flatMap((l) => l.words.map((w) => ({ text: w.text, y: w.bbox.y0 })))));
}

/** Words of `b` found in `a` (as a multiset of texts), over the larger count. */
function agreement(a: string[], b: string[]): { same: number; of: number } {
  const left = new Map<string, number>();
  for (const w of a) left.set(w, (left.get(w) ?? 0) + 1);
  let same = 0;
  for (const w of b) {
    const n = left.get(w) ?? 0;
    if (n > 0) {
      same++;
      left.set(w, n - 1);
    }
  }
  return { same, of: Math.max(a.length, b.length) };
}

async function pictures(): Promise<Array<{ name: string; bytes: Uint8Array }>> {
  const out = [{ name: 'statement.png', bytes: await statementImage() }];
  const present = SHARED_IMAGES.filter((rel) => existsSync(join(SHARED_CORPUS, rel)));
  if (present.length < SHARED_IMAGES.length)
    console.log(`shared corpus not found at ${SHARED_CORPUS}: block-parallel OCR compared on the code-built statement only`);
  for (const rel of present) out.push({ name: rel, bytes: new Uint8Array(readFileSync(join(SHARED_CORPUS, rel))) });
  return out;
}

describe('block-parallel recognition', () => {
  afterAll(() => terminateOcr());

  it('reads the words of the whole-page reading, in page coordinates', async () => {
    let same = 0;
    let of = 0;
    for (const { name, bytes } of await pictures()) {
      const prepared = await prepareForOcr(bytes);
      const whole = words(await readPicture(prepared, { split: false }));
      const split = words(await readPicture(prepared, { split: true }));
      const a = agreement(
        whole.map((w) => w.text),
        split.map((w) => w.text),
      );
      const cut = pageHalves(prepared.image, prepared.width, prepared.height)?.[0].height;
      console.log(`${name}: ${prepared.width}x${prepared.height}, cut ${cut ?? 'none'}, ${a.same} of ${a.of} words the same`);
      if (cut === undefined) expect(split).toEqual(whole);
      else {
        // Both halves are read, each where it lies on the page.
        expect(split.some((w) => w.y < cut)).toBe(whole.some((w) => w.y < cut));
        expect(split.some((w) => w.y >= cut)).toBe(whole.some((w) => w.y >= cut));
      }
      same += a.same;
      of += a.of;
    }
    console.log(`block-parallel vs whole page: ${same} of ${of} words the same (${((100 * same) / Math.max(1, of)).toFixed(1)} %)`);
    expect(same / Math.max(1, of)).toBeGreaterThanOrEqual(0.95);
  }, 300_000);
});
