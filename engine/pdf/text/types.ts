/** The text layer of a PDF page as drawn (owned by engine/pdf/text, read with pdf.js). */
import type { BBox } from '../../types.js';

export interface TextRun {
  page: number;
  text: string;
  /** Font resource as loaded (pdf.js loaded name) and its real base font name, subset prefix included. */
  fontId: string;
  fontName: string;
  size: number;
  /** Bounding box as fractions of the page, origin top-left. */
  bbox: BBox;
  /** Baseline y in page units from the bottom, for baseline comparisons. */
  baseline: number;
}

export interface PageLayer {
  page: number;
  width: number;
  height: number;
  runs: TextRun[];
  text: string;
  /** Fraction of the page area covered by painted images (0..1). */
  imageCoverage: number;
}

export interface PdfTextLayer {
  pages: PageLayer[];
}
