/**
 * Every fact a detector may ask for, by name. Facts are produced lazily and at most once per
 * document by the fact store (engine/facts/store.ts); detectors read them through `ctx.facts`
 * and never open the file or decode pixels themselves (test/engine/dependency-rule.test.ts).
 */
import type { DocModel } from '../read/extract/model.js';
import type { DctHistograms } from '../read/image/dct-histogram.js';
import type { ImageInfo } from '../read/image/types.js';
import type { MetadataFacts } from '../read/metadata/facts.js';
import type { OcrPicture } from '../read/ocr/index.js';
import type { BudgetedBytes } from '../read/pdf/structure/decode-budget.js';
import type { PdfFile } from '../read/pdf/structure/document.js';
import type { ReadingComparison } from '../read/pdf/structure/readings/compare.js';
import type { PdfStructure } from '../read/pdf/structure/types.js';
import type { PDFDocumentProxy } from '../read/pdf/text/pdfjs.js';
import type { PageLayer } from '../read/pdf/text/types.js';
import type { AnalyzeOptions, Extracted, MimeType, RevisionSummary } from '../types.js';
import type { FactStore } from './store.js';
import type { FullLuma, TinyViews } from './pixels.js';

export interface Facts {
  // ---- PDF (null / empty for images) ------------------------------------------------------
  /** Our own parser's view of the file: xref chain, objects, scan. */
  pdfFile: PdfFile | null;
  /** Low-level structure: revisions, Info, XMP, repairs. */
  pdf: PdfStructure | null;
  /** What alternative readers (strict xref, byte scan, first/last definition, ...) each show, where the file lets them differ; null when it does not. */
  readings: ReadingComparison | null;
  /** The bytes pdf.js reads: streams over the decode budget neutralised (same length), and which. */
  budgeted: BudgetedBytes | null;
  /** The file opened once with pdf.js, within the decode budget (OCR renders of scanned pages). */
  pdfjs: PDFDocumentProxy | null;
  /**
   * The same, with image data blanked, for the text layer and the last revision's text: pdf.js
   * then never decodes pixels to build operator lists (the paint list needs only placements).
   */
  pdfjsText: PDFDocumentProxy | null;
  /** The PDF's own text layer per page: text runs, fonts, paint list, annotations. */
  textLayer: PageLayer[];
  /** Per-revision history, with text before/after for content edits. */
  revisions: RevisionSummary[];
  /** Info and XMP side by side, dates parsed. */
  metadata: MetadataFacts | null;

  // ---- image (null for PDFs) -----------------------------------------------------------------
  /** Header facts, EXIF/XMP/IPTC, container structure and the working grey copy. */
  image: ImageInfo | null;
  /** The oriented grey working copy (<= ~2 MP) the pixel detectors share (decoded with `image`). */
  gray: ImageInfo['gray'] | null;
  /** The whole image as grey at full resolution (<= 16 MP, else null), for block-level checks. */
  luma: FullLuma | null;
  /** DCT coefficient histograms of the central luma crop of a JPEG (null when not applicable). */
  dct: DctHistograms | null;
  /** The stealth-pnginfo magic in the pixel LSBs of a PNG, or null. */
  stealthMagic: string | null;
  /** Tiny copies of the EXIF preview (all four turns) and of the image, for comparing them. */
  thumbnailViews: { thumbnail: TinyViews | null; image: TinyViews | null } | null;

  /** The picture OCR reads for a PNG/JPEG (grey, scaled, stretched; the photographed sheet), null when OCR is off. */
  ocrPicture: OcrPicture | null;

  // ---- text (both) -----------------------------------------------------------------------------
  /** The text layer the reading detectors use: the PDF's own, with scans replaced by OCR. */
  pages: PageLayer[];
  /** Whole-document text, pages joined by form feeds. */
  text: string;
  /** Lines, cells, number style, date order, currency: shared by extraction and content checks. */
  textModel: DocModel;
  extracted: Extracted;
}

/** What the store knows before any fact is produced. */
export interface FactInputs {
  bytes: Uint8Array;
  mime: MimeType;
  options: AnalyzeOptions;
}

export type DocumentFactStore = FactStore<Facts, FactInputs>;
