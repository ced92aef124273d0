/**
 * What each flag code means: its category, severity range, title and description. The codes
 * themselves are the closed set in vocabulary/flags.ts; this catalog states every one of them,
 * in the same order. Reason codes under each flag are an open set and are not listed here.
 */
import type { Category, FLAG_CODES, FlagCode, Severity } from '../../vocabulary/flags.js';

export { FLAG_CODES, isFlagCode, LIBRARY_FLAG_CODES, type Category, type FlagCode, type Severity } from '../../vocabulary/flags.js';

export interface FlagDefinition {
  code: FlagCode;
  category: Category;
  /** Lowest and highest severity this flag can carry; strength is mapped into this range. */
  severity: { min: Severity; max: Severity };
  title: string;
  description: string;
}

const defs = [
  {
    code: 'incremental_edit',
    category: 'structure',
    severity: { min: 'medium', max: 'critical' },
    title: 'Edited after creation',
    description: 'The file was changed by an incremental update after it was first produced.',
  },
  {
    code: 'signature_invalidated',
    category: 'structure',
    severity: { min: 'high', max: 'critical' },
    title: 'Changed after signing',
    description: 'Content was changed after a digital signature was applied.',
  },
  {
    code: 'font_inconsistency',
    category: 'structure',
    severity: { min: 'low', max: 'critical' },
    title: 'Inconsistent fonts',
    description: 'Text is drawn with fonts, sizes or spacing that do not match the rest of the document.',
  },
  {
    code: 'hidden_content',
    category: 'structure',
    severity: { min: 'medium', max: 'critical' },
    title: 'Covered or hidden content',
    description: 'Text is covered by shapes, images or annotations, or drawn invisibly.',
  },
  {
    code: 'page_inconsistency',
    category: 'structure',
    severity: { min: 'low', max: 'high' },
    title: 'Page from another source',
    description: 'A page differs in producer traits (fonts, resources, size) from the other pages.',
  },
  {
    code: 'structural_anomaly',
    category: 'structure',
    severity: { min: 'low', max: 'critical' },
    title: 'Structural anomaly',
    description:
      'The file structure has irregularities (orphaned or redefined objects, broken cross-references), up to syntax that makes readers show different content.',
  },
  {
    code: 'active_content',
    category: 'structure',
    severity: { min: 'low', max: 'high' },
    title: 'Active or embedded content',
    description: 'The file carries JavaScript, launch actions or embedded files (reported, never executed).',
  },
  {
    code: 'scrubbed_metadata',
    category: 'metadata',
    severity: { min: 'low', max: 'high' },
    title: 'Metadata removed',
    description: 'Metadata that genuine producers always write is missing.',
  },
  {
    code: 'editing_software',
    category: 'metadata',
    severity: { min: 'low', max: 'high' },
    title: 'Editing software',
    description: 'The file was produced or last saved by software used to edit documents or images.',
  },
  {
    code: 'metadata_mismatch',
    category: 'metadata',
    severity: { min: 'low', max: 'high' },
    title: 'Metadata disagrees',
    description: 'Metadata records (Info, XMP, EXIF) contradict each other.',
  },
  {
    code: 'date_inconsistency',
    category: 'metadata',
    severity: { min: 'low', max: 'high' },
    title: 'Inconsistent dates',
    description: 'Creation, modification or history dates are out of order, in the future or far apart.',
  },
  {
    code: 'low_trust_origin',
    category: 'provenance',
    severity: { min: 'low', max: 'low' },
    title: 'Consumer-software origin',
    description: 'The document was made with consumer software rather than an issuing system; context, not proof.',
  },
  {
    code: 'arithmetic_error',
    category: 'content',
    severity: { min: 'medium', max: 'critical' },
    title: 'Figures do not add up',
    description: 'Running balances, totals or tax amounts disagree with the figures they are computed from.',
  },
  {
    code: 'identifier_invalid',
    category: 'content',
    severity: { min: 'medium', max: 'high' },
    title: 'Invalid identifier',
    description:
      'An identifier (IBAN, routing number, card number) fails its checksum or format, or contradicts the same identifier elsewhere in the document.',
  },
  {
    code: 'content_inconsistency',
    category: 'content',
    severity: { min: 'low', max: 'high' },
    title: 'Inconsistent content',
    description: 'Dates or values in the text are impossible or contradict each other.',
  },
  {
    code: 'image_manipulation',
    category: 'image',
    severity: { min: 'medium', max: 'critical' },
    title: 'Image manipulation',
    description: 'Regions of the image were copied, pasted or retouched.',
  },
  {
    code: 'compression_anomaly',
    category: 'image',
    severity: { min: 'low', max: 'high' },
    title: 'Recompression traces',
    description: 'The image was decoded and compressed again, or its compression contradicts its claimed source.',
  },
  {
    code: 'ai_generated',
    category: 'provenance',
    severity: { min: 'high', max: 'critical' },
    title: 'AI-generated',
    description: 'Provenance markers show the content was made or altered by a generative model.',
  },
  // Library flags (DECISIONS "Beyond v1"): found by comparing a document with the workspace's
  // other documents. The service emits them (electron/service/library/), never a detector.
  {
    code: 'duplicate_document',
    category: 'library',
    severity: { min: 'low', max: 'high' },
    title: 'Checked before',
    description: 'The same file or the same content was checked before in this workspace.',
  },
  {
    code: 'reused_content',
    category: 'library',
    severity: { min: 'medium', max: 'critical' },
    title: 'Content reused from another document',
    description:
      'Content unique to another checked document (transactions, references, account numbers, page pictures) appears here under a different name, account or issuer.',
  },
  {
    code: 'template_mismatch',
    category: 'library',
    severity: { min: 'low', max: 'high' },
    title: "Unlike the issuer's documents",
    description: "The claimed issuer's genuine documents in this workspace were made differently (producer, fonts, page size, fixed text) from this one.",
  },
] as const satisfies readonly FlagDefinition[];

type CodesOf<T extends readonly unknown[]> = { -readonly [I in keyof T]: T[I] extends { code: infer C } ? C : never };
type CatalogOrder = CodesOf<typeof defs>;
type VocabularyOrder = [...typeof FLAG_CODES];
/** Does not compile unless the catalog states every code of the vocabulary, no other, once each, in its order. */
const _catalogMatchesVocabulary: CatalogOrder extends VocabularyOrder ? (VocabularyOrder extends CatalogOrder ? true : never) : never = true;

export const FLAG_CATALOG: ReadonlyMap<FlagCode, FlagDefinition> = new Map(defs.map((d) => [d.code, d]));

export function flagDefinition(code: FlagCode): FlagDefinition {
  const def = FLAG_CATALOG.get(code);
  if (!def) throw new Error(`unknown flag code ${code}`);
  return def;
}
