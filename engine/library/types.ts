/**
 * What the engine records about a document so that the service can compare it with the
 * workspace's other documents (issue 12). A fingerprint is observations, never a verdict: the
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
