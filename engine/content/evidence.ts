/** Findings tied to the lines a reviewer should look at. */
import { boxOf, type Cell, type Line } from '../extract/layout.js';
import type { FlagCode } from '../catalog/flags.js';
import type { Evidence, Finding } from '../types.js';

export function lineEvidence(line: Line, cells?: Cell[], extra: Evidence = {}): Evidence {
  const bbox = boxOf(line, cells);
  return { page: line.page, ...(bbox ? { bbox } : {}), text: line.text, ...extra };
}

export function finding(flag: FlagCode, detail: string, summary: string, line: Line, strength: number, extra: Evidence = {}, cells?: Cell[]): Finding {
  return { flag, code: `${flag}.${detail}`, summary, pages: [line.page], evidence: lineEvidence(line, cells, extra), strength };
}

/** Two amounts equal within a rounding tolerance (in currency units). */
export function near(a: number, b: number, tolerance = 0.011): boolean {
  return Math.abs(a - b) <= tolerance;
}
