import { describe, expect, it } from 'vitest';
import { boxMinusHoles, paintedSubpaths } from '../../../../../engine/read/pdf/text/path-geometry.js';

/** pdf.js path data of axis-aligned rectangles (moveTo 0, lineTo 1, closePath 4), wound counter-clockwise. */
function rects(...boxes: Array<[number, number, number, number]>): number[] {
  return boxes.flatMap(([x0, y0, x1, y1]) => [0, x0, y0, 1, x1, y0, 1, x1, y1, 1, x0, y1, 4]);
}

describe('painted parts of a filled path', () => {
  it('paints only the frame of a border drawn as two nested rectangles filled even-odd', () => {
    // A table border as WeasyPrint writes it: outer and inner box, `f*`, 1 pt apart.
    const painted = paintedSubpaths(rects([83, 873, 726, 968], [84, 874, 725, 967]), true).map((p) => p.box);
    expect(painted).toHaveLength(4);
    // Nothing painted covers the table's inside, where its text is.
    const covers = (b: number[], x: number, y: number) => x > b[0] && x < b[2] && y > b[1] && y < b[3];
    expect(painted.some((b) => covers(b, 400, 920))).toBe(false);
    expect(painted.some((b) => covers(b, 83.5, 920))).toBe(true);
  });

  it('still paints the whole of a box drawn alone or with a box that does not cut a hole', () => {
    expect(paintedSubpaths(rects([10, 10, 50, 50]), true).map((p) => p.box)).toEqual([[10, 10, 50, 50]]);
    // Non-zero rule, both wound the same way: the inner box is painted twice, not cut out.
    const nonZero = paintedSubpaths(rects([10, 10, 50, 50], [20, 20, 30, 30]), false).map((p) => p.box);
    expect(nonZero).toContainEqual([10, 10, 50, 50]);
  });
});

describe('a box minus its holes', () => {
  it('gives the four sides of a frame and the bands round two holes', () => {
    expect(boxMinusHoles([0, 0, 10, 10], [[1, 1, 9, 9]])).toEqual([
      [0, 0, 10, 1],
      [0, 1, 1, 9],
      [9, 1, 10, 9],
      [0, 9, 10, 10],
    ]);
    const two = boxMinusHoles(
      [0, 0, 10, 4],
      [
        [1, 1, 4, 3],
        [6, 1, 9, 3],
      ],
    );
    const area = two.reduce((a, b) => a + (b[2] - b[0]) * (b[3] - b[1]), 0);
    expect(area).toBe(40 - 6 - 6);
  });
});
