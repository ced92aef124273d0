/** Everything a detector may read. Built once per document by engine/analyze.ts. */
import type { ImageInfo } from './image/types.js';
import type { PdfStructure } from './pdf/structure/types.js';
import type { PageLayer } from './pdf/text/types.js';
import type { AnalyzeOptions, Extracted, MimeType, RevisionSummary } from './types.js';

export interface DetectorContext {
  bytes: Uint8Array;
  mime: MimeType;
  options: AnalyzeOptions;
  /** Reference time for date checks. */
  now: Date;
  /** Low-level PDF structure; null for images. */
  pdf: PdfStructure | null;
  /** Per-revision history of a PDF (what each update touched, text before/after); empty for images. */
  revisions: RevisionSummary[];
  /** Text layer per page (PDF text, later OCR for images); empty when there is none. */
  pages: PageLayer[];
  /** Decoded image facts; null for PDFs. */
  image: ImageInfo | null;
  extracted: Extracted;
  /** Whole-document text, pages joined by form feeds. */
  text: string;
}
