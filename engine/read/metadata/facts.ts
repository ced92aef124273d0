/** Metadata of a PDF as the metadata detectors read it: Info and XMP side by side, dates parsed. */
import type { PdfStructure } from '../pdf/structure/types.js';
import { parsePdfDate, parseXmpDate, type PdfDate } from '../pdf/structure/text-strings.js';
import { parseXmp, type XmpFacts } from './xmp.js';

export interface MetadataFacts {
  info: Record<string, string> | null;
  xmp: XmpFacts | null;
  producer?: string;
  creator?: string;
  created?: PdfDate;
  modified?: PdfDate;
  xmpCreated?: PdfDate;
  xmpModified?: PdfDate;
  /** False when the file is encrypted and its strings could not be read. */
  readable: boolean;
}

export function readMetadataFacts(pdf: PdfStructure | null): MetadataFacts | null {
  if (!pdf) return null;
  const info = pdf.info;
  const xmp = parseXmp(pdf.xmp);
  const val = (s: string | undefined) => (s && s.trim() ? s.trim() : undefined);
  const facts: MetadataFacts = {
    info,
    xmp,
    producer: val(info?.Producer) ?? val(xmp?.producer),
    creator: val(info?.Creator) ?? val(xmp?.creatorTool),
    created: info?.CreationDate ? (parsePdfDate(info.CreationDate) ?? undefined) : undefined,
    modified: info?.ModDate ? (parsePdfDate(info.ModDate) ?? undefined) : undefined,
    xmpCreated: xmp?.createDate ? (parseXmpDate(xmp.createDate) ?? undefined) : undefined,
    xmpModified: xmp?.modifyDate ? (parseXmpDate(xmp.modifyDate) ?? undefined) : undefined,
    readable: !(pdf.encrypted && info === null),
  };
  return facts;
}
