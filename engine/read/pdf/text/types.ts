/** The text layer of a PDF page as drawn (owned by engine/pdf/text, read with pdf.js). */
import type { BBox } from '../../../types.js';

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
  /** OCR word confidence 0..100 (engine/ocr); absent for text drawn by the PDF itself. */
  confidence?: number;
  /**
   * OCR of a slanted picture (engine/ocr/skew.ts): how far down (page fraction) the run sits
   * from where its row would be on a level page. Rows are grouped on the level position; `bbox`
   * stays where the word is. Absent on level pages and PDF text.
   */
  rowShift?: number;
}

/** What pdf.js knows about one loaded font; keyed by `fontId` (the pdf.js loaded name). */
export interface FontFacts {
  fontId: string;
  /** BaseFont as written in the file, subset prefix included (`ABCDEF+Arial-BoldMT`). */
  name: string;
  /** The subset tag (six letters before `+`, or an embedder's numeric suffix), null when not a subset. */
  subsetTag: string | null;
  /** Name without the subset tag. */
  baseName: string;
  /** False when the file does not carry the font program (viewer substitutes a system font). */
  embedded: boolean;
  type3: boolean;
  bold: boolean;
  italic: boolean;
  /** Its text was read as glyph numbers (no character map, Mac glyph order) and shifted back (`glyph-order.ts`). */
  glyphOrderText?: boolean;
}

/** Colour as `#rrggbb`, or null when the paint is a pattern/shading whose colour is not one value. */
export type PaintColor = string | null;

interface PaintBase {
  /** Painting order on the page (0-based); a higher number is painted on top. */
  seq: number;
  /** Painted extent as page fractions, top-left origin; may extend past 0..1 when off-page. */
  bbox: BBox;
  /** Visible window left by clipping paths at paint time (page fractions), null when unclipped. */
  clip: BBox | null;
  /** Constant alpha in force (ExtGState ca), 0..1. */
  alpha: number;
  /** Blend mode when not Normal (e.g. Multiply): such paint tints what is below instead of hiding it. */
  blend?: string;
  /** Set when painted by an annotation's appearance stream rather than the page content. */
  annotation?: { id: string; subtype: string };
  /** Set when inside an optional-content group that is switched off in the default view. */
  hiddenByLayer?: boolean;
}

export interface TextPaint extends PaintBase {
  kind: 'text';
  text: string;
  fontId: string;
  /** Font size after the text and current transformation matrices (page units). */
  size: number;
  /** Tr: 0 fill, 1 stroke, 2 fill+stroke, 3 invisible, 4-7 the same plus clip. */
  renderMode: number;
  fill: PaintColor;
  /** Tc and Tw in page units (scaled like the font size), Tz as a factor (1 = 100 %). */
  charSpacing: number;
  wordSpacing: number;
  hScale: number;
  rise: number;
  /** Drawn inside a form XObject (an imported graphic or page) rather than the page's own content. */
  inForm?: boolean;
  /**
   * Direction of the baseline as seen on the page, degrees counter-clockwise from left-to-right
   * (90: read bottom to top); absent when the text runs level (within half a degree).
   */
  angle?: number;
  /** Where the baseline starts (the pen position of the show, page fractions, top-left origin). */
  origin?: [number, number];
}

export interface FillPaint extends PaintBase {
  kind: 'fill';
  fill: PaintColor;
  /** True when the path is one axis-aligned rectangle (a box), as opposed to a glyph-like outline. */
  rect: boolean;
  /**
   * Painted by stroking a line rather than filling (PostScript-born pages draw bars, page
   * backgrounds and shadings so). A background to what is drawn on it, never a cover. Wide
   * straight (horizontal or vertical) strokes carry their colour; the others paint an unknown
   * share of their box, so their colour is null (unknown).
   */
  stroke?: boolean;
  /**
   * The outline of a filled shape that is not a box (page fractions, curves by their control
   * points), when short enough to carry: its box is not where it paints.
   */
  outline?: Array<[number, number]>;
}

export interface ImagePaint extends PaintBase {
  kind: 'image';
  /** Stencil masks paint the fill colour through a 1-bit mask (often scanned text or logos). */
  mask: boolean;
  /** The image carries transparency (soft mask or colour-key mask), so it need not hide what is under it. */
  alphaChannel?: boolean;
}

export type PaintOp = TextPaint | FillPaint | ImagePaint;

/** An annotation as placed on the page (from the page's /Annots), for overlay checks. */
export interface AnnotationFacts {
  id: string;
  subtype: string;
  bbox: BBox;
  /** Field name for widgets, contents for markup annotations (both may be empty). */
  label: string;
  hidden: boolean;
}

export interface PageLayer {
  page: number;
  width: number;
  height: number;
  runs: TextRun[];
  text: string;
  /** Fraction of the page area covered by painted images (0..1). */
  imageCoverage: number;
  /** True when the page is a picture with no visible text drawn (a scan, maybe with an invisible OCR layer). */
  imageOnly?: boolean;
  /** Fonts used on this page, by fontId. */
  fonts?: Record<string, FontFacts>;
  /** Everything painted on the page in painting order (text, filled shapes, images). */
  paint?: PaintOp[];
  annotations?: AnnotationFacts[];
  /** 'ocr' when the runs were read from the page picture by engine/ocr (font name 'ocr', no real fonts). */
  source?: 'pdf' | 'ocr';
}

export interface PdfTextLayer {
  pages: PageLayer[];
}
