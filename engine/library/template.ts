/**
 * Template traits: how a document was made, independent of whom it is about. A genuine
 * issuer's documents share producer chain, fonts, page geometry and fixed text (labels,
 * headings, legal lines) whoever they are sent to.
 */
import type { DocModel } from '../read/extract/model.js';
import type { MetadataFacts } from '../read/metadata/facts.js';
import type { PageLayer } from '../read/pdf/text/types.js';
import type { Extracted } from '../types.js';
import { key64 } from './hash.js';
import { normaliseWords } from './minhash.js';
import type { LibraryFingerprint } from '../types.js';

const MAX_FIXED_LINES = 120;

/** Words of the personal details, which a fixed line never contains. */
function personalWords(extracted: Extracted): Set<string> {
  return new Set(normaliseWords([extracted.name, extracted.address].filter(Boolean).join(' ')).filter((w) => w.length >= 3));
}

export function fixedLines(model: DocModel, extracted: Extracted): string[] {
  const personal = personalWords(extracted);
  const out = new Set<string>();
  for (const line of model.lines) {
    // Figures (amounts, dates, numbers) vary per document; OCR misreads vary per scan.
    if (line.ocr || /\d/.test(line.text)) continue;
    const words = normaliseWords(line.text);
    if (words.length < 2 || words.some((w) => personal.has(w))) continue;
    out.add(key64(words.join(' ')));
    if (out.size >= MAX_FIXED_LINES) break;
  }
  return [...out].sort();
}

export function templateOf(
  layers: readonly PageLayer[],
  pageSizes: ReadonlyArray<{ width: number; height: number }>,
  metadata: MetadataFacts | null,
  model: DocModel,
  extracted: Extracted,
): LibraryFingerprint['template'] {
  const fonts = new Set<string>();
  for (const layer of layers) for (const f of Object.values(layer.fonts ?? {})) if (f.baseName) fonts.add(f.baseName);
  const geometry = [...new Set(pageSizes.map((p) => `${Math.round(p.width)}x${Math.round(p.height)}`))];
  return {
    producer: metadata?.producer ?? null,
    creator: metadata?.creator ?? null,
    fonts: [...fonts].sort(),
    geometry,
    fixedLines: fixedLines(model, extracted),
  };
}
