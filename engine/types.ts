/**
 * Boundary types of the analysis engine. The engine is pure: bytes in, analysis out.
 * Nothing here knows about HTTP, SQLite or Electron.
 */
import type { Category, FlagCode, Severity } from '../vocabulary/flags.js';
import type { DocType, DocumentFormat, EngineErrorCode, MimeType, RevisionKind } from '../vocabulary/documents.js';
import type { Decision, Mode, RiskLevel } from '../vocabulary/verdicts.js';

// The value sets are written once, in vocabulary/ (shared with the contract and the renderer).
export type { Category, Decision, DocType, DocumentFormat, EngineErrorCode, MimeType, Mode, RevisionKind, RiskLevel, Severity };

/** A box on a page as fractions of the page size, origin top-left: [x0, y0, x1, y1]. */
export type BBox = [number, number, number, number];

/**
 * Evidence a reviewer needs to see a reason for themselves. Free-form per SPEC, but these keys
 * have fixed meanings everywhere so that the UI can draw them.
 */
export interface Evidence {
  page?: number;
  bbox?: BBox;
  /** Several regions, each on its own page. */
  regions?: Array<{ page: number; bbox: BBox; label?: string }>;
  /** Lines whose figures an arithmetic check used (engine/detectors/content/evidence.ts `operands`). */
  operands?: Array<{ page: number; bbox: BBox }>;
  revision?: number;
  revisions?: number[];
  objects?: number[];
  fonts?: string[];
  before?: string;
  after?: string;
  [key: string]: unknown;
}

/**
 * One concrete observation made by a detector. `strength` (0..1] is how strongly this single
 * observation on its own indicates fraud: ~0.1 context, ~0.3 weak, ~0.6 strong, >=0.85 decisive.
 * Observations of one flag combine by saturation in scoring.
 */
export interface Finding {
  flag: FlagCode;
  /** Reason code of the form `<flag>.<detail>`. */
  code: string;
  summary: string;
  pages: number[];
  evidence: Evidence;
  strength: number;
}

export interface Reason {
  code: string;
  summary: string;
  pages: number[];
  evidence: Evidence;
}

export interface Flag {
  code: FlagCode;
  category: Category;
  severity: Severity;
  title: string;
  description: string;
  pages: number[];
  reasons: Reason[];
}

export interface Extracted {
  doc_type: DocType | null;
  issuer: string | null;
  name: string | null;
  address: string | null;
  document_date: string | null;
  account_number: string | null;
  currency: string | null;
}

export const EMPTY_EXTRACTED: Readonly<Extracted> = Object.freeze({
  doc_type: null,
  issuer: null,
  name: null,
  address: null,
  document_date: null,
  account_number: null,
  currency: null,
});

/** One revision of a PDF as the dashboard shows it (never returned over the API). */
export interface RevisionSummary {
  number: number;
  /** Byte offset of the end of this revision (its %%EOF). */
  endOffset: number;
  kind: RevisionKind;
  added: number[];
  changed: number[];
  deleted: number[];
  changedPages: number[];
  /** Pages in the document before and after this revision, when the update removed pages. */
  pagesRemoved?: { before: number; after: number };
  /** Pages in the document before and after this revision, when the update added pages. */
  pagesAdded?: { before: number; after: number };
  /** before/after are the changed words, bbox the new text's box; lineBefore/lineAfter the whole lines as context. */
  textDiff?: Array<{ page: number; before: string; after: string; bbox?: BBox; lineBefore?: string; lineAfter?: string }>;
  /** What the objects this revision added or changed are for (role -> object numbers). */
  objectRoles?: Record<string, number[]>;
  /** Per changed page, which part of it changed. */
  /** paginationAdded: page furniture the update added (Acrobat watermark, background, header, footer artifacts). */
  /** boxes: the page-dictionary entries that change what shows (CropBox, Rotate, MediaBox...) this update changed. */
  pageChanges?: Array<{
    page: number;
    contents: boolean;
    xobjects: boolean;
    resources: boolean;
    pageDict: boolean;
    inserted: boolean;
    paginationAdded?: string[];
    boxes?: string[];
    /** The content paints the same glyphs, fonts and drawings and differs only in how its text is placed (and the text diff found every line in its place). */
    textPlacement?: boolean;
    /** The content is the old content followed by thin stroked lines only (no text, fill or image). */
    thinLines?: boolean;
  }>;
  /** Digital signatures whose dictionaries were written in this revision. */
  signatures?: Array<{
    object: number;
    byteRangeEnd: number;
    coversRevision: number | null;
    subFilter?: string;
    signer?: string;
    /** DocMDP /P of a certifying signature: 1 no changes, 2 form filling and signing, 3 also annotations. */
    docMdp?: number;
    /** A usage-rights signature (UR3): the application that enabled Reader features, not a person approving the content. */
    usageRights?: true;
  }>;
  /** On the first signed revision: what a person sees differently in the final file (engine/read/pdf/structure/signed-view.ts). */
  afterSigning?: SignedViewDiff;
  /** Form fields whose filled-in value this revision replaced (an empty field filled is not listed). */
  /** state: both values are names, a check box's or radio button's appearance states. */
  fieldChanges?: Array<{ field: string; before: string; after: string; state?: true }>;
  /** Info Producer / Creator / ModDate as this revision left them. */
  producer?: string;
  creator?: string;
  modDate?: string;
}

/** Where a change seen after signing is painted from: the page itself, or an annotation of some kind. */
export type SignedViewSource = 'page' | 'form_field' | 'signature_field' | 'annotation';

/** One visible difference between a signed revision and the final file, on one page and from one source. */
export interface SignedViewChange {
  page: number;
  source: SignedViewSource;
  /** Words visible at signing and no longer (before) and visible now but not at signing (after). */
  before: string;
  after: string;
  bbox?: BBox;
  /** Images shown now that were not, or the reverse (boxes differ). */
  images?: { added: number; removed: number };
  /** The new words were already in the signed file, drawn but invisible (covered, hidden layer, invisible mode, off-page, tiny). */
  prepared?: string;
  /** The new paint lies over document text that was visible at signing. */
  overSignedText?: boolean;
  /** Annotation objects that paint the change (for sources other than the page). */
  annotations?: number[];
}

export interface SignedViewDiff {
  signatureObject: number;
  signedRevision: number;
  finalRevision: number;
  changes: SignedViewChange[];
  /** Objects written after signing that the final pages resolve to (contents, resources, XObjects, annotations). */
  pageObjects: number[];
}

/** What the engine knows about the document itself. */
export interface DocumentFacts {
  mime_type: MimeType;
  format: DocumentFormat;
  pages: number;
  width?: number;
  height?: number;
}

/** Output of `analyze`: everything the engine observed, before any workspace settings apply. */
export interface Analysis {
  engineVersion: string;
  document: DocumentFacts;
  extracted: Extracted;
  findings: Finding[];
  /** Extracted text (may be truncated); feeds CEL `text`. */
  text: string;
  /** Structural detail for the dashboard: revisions, page sizes. Never returned over the API. */
  structure: {
    revisions: RevisionSummary[];
    pageSizes: Array<{ width: number; height: number }>;
  };
  /**
   * Detectors that did not run to the end, and why (the first line of the error), and checks a
   * detector could not carry out on this document (cause `unreadable`). A non-empty list makes the
   * verdict partial: absent findings from these detectors mean "not checked".
   * Always set by `analyze`; absent on analyses stored before it existed.
   */
  incomplete?: IncompleteDetector[];
  /**
   * What the service compares with the workspace's other documents (engine/library): hashes,
   * template traits and identity fields, never a verdict. Absent on analyses stored before it
   * existed and when it could not be computed.
   */
  library?: LibraryFingerprint;
  /** Timings in ms, for benchmarks: per detector (`<family>/<name>`) and per fact (`fact:<name>`). */
  timings: Record<string, number>;
}

export interface IncompleteDetector {
  /** Detector id, `<family>/<name>`. */
  detector: string;
  message: string;
  /**
   * `error`: the detector failed (absent on entries recorded before causes existed); `unreadable`:
   * it ran, but what some of its checks need could not be read (a scanned table OCR did not make
   * out), so those checks did not run or were left undecided.
   */
  cause?: 'error' | 'unreadable';
  /** The reason codes (`<flag>.<detail>`) left unchecked, when the detector names them. */
  checks?: string[];
}

export interface AnalyzeOptions {
  filename?: string;
  /** Hard limits; the analysis throws an EngineError when they are exceeded. */
  maxPages?: number;
  maxMegapixels?: number;
  /** Reference "now" for date checks (ISO string). Defaults to the current time. */
  now?: string;
  /** OCR of images and image-only PDF pages (engine/ocr); `false` turns it off. */
  ocr?: false | { maxPages?: number; budgetMs?: number };
  /**
   * What genuine files of the document's producer family commonly show is reported as context
   * (engine/scoring/producer-context.ts); `false` reports every finding at its detector's
   * strength (what `npm run producer-rates` measures).
   */
  producerContext?: false;
  /**
   * The password of a PDF that needs one to open (tried as the user's, then the owner's). Used to
   * open the file and nothing else: never copied into the analysis. Without it such a file fails
   * `password_required`; a wrong one fails `password_incorrect`.
   */
  password?: string;
}

/** A failure the engine can name; the service turns it into a `failed` check with this code. */
export class EngineError extends Error {
  constructor(
    public readonly code: EngineErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'EngineError';
  }
}

/*
 * The library fingerprint: what the engine records about a document so that the service can
 * compare it with the workspace's other documents (issue 12). Observations, never a verdict: the
 * library flags are decided by the service, which alone knows the other documents.
 */
/** A transaction row (a line with a date and an amount), normalised, with where it is printed. */
export interface FingerprintRow {
  /** Normalised text: lower case, currency signs dropped, spaces collapsed. */
  text: string;
  /** 64-bit hash of `text` as 16 hex digits (the library's lookup key). */
  key: string;
  page: number;
  /** [x0, y0, x1, y1] as fractions of the page, origin top-left (engine BBox). */
  bbox?: [number, number, number, number];
}

export interface LibraryFingerprint {
  version: 1;
  /** sha256 of the file's bytes. */
  sha256: string;
  /** MinHash of the normalised text's word shingles; null when the text is too short to compare. */
  content: { minhash: number[]; shingles: number } | null;
  /** Perceptual hash (block-mean hash, 64 bits as 16 hex digits) per page picture (images: the picture itself). */
  pageHashes: Array<{ page: number; hash: string }>;
  /** How the document was made: a genuine issuer's documents share these whoever they are sent to. */
  template: {
    producer: string | null;
    creator: string | null;
    /** Base font names (subset tags removed), sorted. */
    fonts: string[];
    /** Page sizes `WxH` in points (PDF) or pixels (images), distinct, in page order. */
    geometry: string[];
    /** Hashes of the text lines without figures or personal details (labels, headings, legal text). */
    fixedLines: string[];
  };
  /** Who and what the document is about. */
  identity: {
    issuer: string | null;
    name: string | null;
    address: string | null;
    account: string | null;
    /** Document references (invoice, statement, policy, customer numbers), normalised. */
    references: string[];
    rows: FingerprintRow[];
  };
}
