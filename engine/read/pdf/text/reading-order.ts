/**
 * Page text in natural reading order: runs grouped into lines by baseline (top to bottom), left
 * to right within a line. A gap of about a word space becomes one space; a wider gap (a table
 * column) becomes two, so that downstream parsers can still tell columns apart.
 */
import type { TextRun } from './types.js';

export function pageText(runs: readonly TextRun[], pageWidth: number): string {
  const lines = groupLines(runs);
  return lines.map((line) => lineText(line, pageWidth)).join('\n');
}

/** Lines of runs, top to bottom; each line sorted left to right. */
export function groupLines(runs: readonly TextRun[]): TextRun[][] {
  const sorted = [...runs].sort((a, b) => b.baseline - a.baseline || a.bbox[0] - b.bbox[0]);
  const lines: Array<{ baseline: number; size: number; runs: TextRun[] }> = [];
  for (const run of sorted) {
    const line = lines[lines.length - 1];
    const tolerance = 0.4 * Math.min(run.size, line?.size ?? run.size);
    if (line && Math.abs(line.baseline - run.baseline) <= tolerance) {
      line.runs.push(run);
    } else {
      lines.push({ baseline: run.baseline, size: run.size, runs: [run] });
    }
  }
  return lines.map((l) => l.runs.sort((a, b) => a.bbox[0] - b.bbox[0]));
}

function lineText(line: readonly TextRun[], pageWidth: number): string {
  let out = '';
  let prevRight = -Infinity;
  for (const run of line) {
    const gap = (run.bbox[0] - prevRight) * pageWidth;
    if (out) {
      if (gap >= 1.0 * run.size) out = out.trimEnd() + '  ';
      else if (gap > 0.15 * run.size && !out.endsWith(' ')) out += ' ';
    }
    out += out.endsWith(' ') ? run.text.trimStart() : run.text;
    prevRight = Math.max(prevRight, run.bbox[2]);
  }
  return out.trimEnd();
}
