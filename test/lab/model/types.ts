/**
 * A document as its issuing system knows it, before any rendering: header, key/value facts,
 * tables and totals, plus the true field values and the places a forger would edit.
 * Every printed value that an edit can target carries a `key` so renderers and forgers agree
 * on where it is.
 */
import type { Issuer } from '../data/issuers.js';
import type { Ymd } from '../data/dates.js';
import type { DocType, TruthFields } from '../labels.js';

export interface Cell {
  text: string;
  key?: string;
}

export interface Column {
  title: string;
  align: 'left' | 'right';
  /** Share of the content width. */
  width: number;
}

export interface KeyValue {
  label: string;
  value: string;
  key?: string;
  bold?: boolean;
}

export type Block =
  | { kind: 'table'; columns: Column[]; rows: Cell[][] }
  | { kind: 'totals'; rows: KeyValue[] }
  | { kind: 'section'; title: string }
  | { kind: 'note'; text: string };

/** A change a forger makes to one printed value. */
export interface EditTarget {
  target: 'amount' | 'name' | 'date' | 'address';
  key: string;
  before: string;
  after: string;
  /** The edit leaves figures that no longer add up. */
  breaksArithmetic: boolean;
  /** The edit leaves dates or values that contradict other text. */
  contradicts: boolean;
  /** Field values after the edit. */
  fieldsAfter: Partial<TruthFields>;
}

export interface DocModel {
  docType: DocType;
  issuer: Issuer;
  title: string;
  recipient: { name: string; addressLines: string[]; nameKey: string; addressKey: string } | null;
  meta: KeyValue[];
  blocks: Block[];
  footer: string;
  /** Page size in points; receipts are narrow till rolls. */
  pageSize: { width: number; height: number };
  documentDate: Ymd;
  /** When the issuing system rendered the file (fixed, UTC). */
  createdAt: Date;
  fields: TruthFields;
  /** Other printed forms of a true value that an engine may rightly return instead. */
  fieldAlternatives?: Partial<Record<keyof TruthFields, string[]>>;
  edits: EditTarget[];
}

export interface ModelOptions {
  /** Target number of pages (statements and invoices grow rows to fill them). */
  pages: number;
}

export const A4 = { width: 595.28, height: 841.89 };
export const LETTER = { width: 612, height: 792 };
