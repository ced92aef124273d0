/** Fraction of the page covered by painted images, as the union of their visible boxes. */
import type { BBox } from '../../../types.js';
import { intersect } from '../../../kit/boxes.js';
import type { PaintOp } from './types.js';

const GRID = 64;

export function imageCoverage(paint: readonly PaintOp[]): number {
  const cells = new Uint8Array(GRID * GRID);
  let covered = 0;
  for (const op of paint) {
    if (op.kind !== 'image' || op.annotation || op.hiddenByLayer) continue;
    let box: BBox | null = intersect(op.bbox, [0, 0, 1, 1]);
    if (box && op.clip) box = intersect(box, op.clip);
    if (!box) continue;
    const x0 = Math.floor(box[0] * GRID);
    const x1 = Math.ceil(box[2] * GRID);
    const y0 = Math.floor(box[1] * GRID);
    const y1 = Math.ceil(box[3] * GRID);
    // Only cells mostly inside the box count, so thin slivers do not inflate coverage.
    for (let y = y0; y < y1; y++) {
      const fy = Math.min(box[3], (y + 1) / GRID) - Math.max(box[1], y / GRID);
      if (fy * GRID < 0.5) continue;
      for (let x = x0; x < x1; x++) {
        const fx = Math.min(box[2], (x + 1) / GRID) - Math.max(box[0], x / GRID);
        if (fx * GRID < 0.5) continue;
        const k = y * GRID + x;
        if (!cells[k]) {
          cells[k] = 1;
          covered++;
        }
      }
    }
  }
  return Math.round((covered / (GRID * GRID)) * 1000) / 1000;
}
