/** Findings tied to the lines a reviewer should look at. */
import { boxOf, type Cell, type Line } from '../../read/extract/layout.js';
import type { FlagCode } from '../../catalog/flags.js';
import type { FindingFor } from '../define.js';
import type { BBox, Evidence } from '../../types.js';

export function lineEvidence(line: Line, cells?: Cell[], extra: Evidence = {}): Evidence {
  const bbox = boxOf(line, cells);
  return { page: line.page, ...(bbox ? { bbox } : {}), text: line.text, ...extra };
}

/** Typed by its flag and detail, so the detector that returns it is checked against what it declares. */
export function finding<F extends FlagCode, D extends string>(
  flag: F,
  detail: D,
  summary: string,
  line: Line,
  strength: number,
  extra: Evidence = {},
  cells?: Cell[],
): FindingFor<F, D> {
  return { flag, code: `${flag}.${detail}`, summary, pages: [line.page], evidence: lineEvidence(line, cells, extra), strength };
}

/**
 * The lines whose figures a check added up (`evidence.operands`). On a picture the OCR guard
 * (engine/ocr/confidence.ts) only distrusts the finding when a doubtful figure lies between
 * them, instead of anywhere on the page. Left out when a line has no position (plain text).
 */
export function operands(lines: ReadonlyArray<Line | null | undefined>): Evidence {
  const out: Array<{ page: number; bbox: BBox }> = [];
  for (const l of lines) {
    if (!l) continue;
    if (!l.bbox) return {};
    out.push({ page: l.page, bbox: l.bbox });
  }
  return out.length ? { operands: out } : {};
}

/** Two amounts equal within a rounding tolerance (in currency units). */
export function near(a: number, b: number, tolerance = 0.011): boolean {
  return Math.abs(a - b) <= tolerance;
}
