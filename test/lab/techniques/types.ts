/** What a technique is and what building one sample returns. */
import type { FlagCode } from '../../../engine/catalog/flags.js';
import type { LabelRecord, SampleLabel } from '../labels.js';
import type { LabDocType } from '../model/index.js';

export interface SampleSpec {
  technique: string;
  seed: number;
  docType: LabDocType;
  /** Target pages for statements and invoices. */
  pages: number;
}

export interface BuiltSample {
  bytes: Uint8Array;
  ext: 'pdf' | 'png' | 'jpg';
  label: Omit<LabelRecord, 'file'>;
}

export interface Technique {
  id: string;
  label: SampleLabel;
  /** Forgery family (docs/lab.md): A = the first lab, B = other tools and routes, C = clean-structure forgeries by yet other chains, D = pixel edits by Pillow and GraphicsMagick, H = hostile and deceptive PDFs. Default A. */
  family?: 'A' | 'B' | 'C' | 'D' | 'H';
  description: string;
  docTypes: readonly LabDocType[];
  /** Smallest page count that makes sense (page swaps need two). */
  minPages?: number;
  /** Samples in the full profile when not the label's default (few files for costly classes). */
  count?: number;
  build(spec: SampleSpec): Promise<BuiltSample>;
}

export type { FlagCode };
