/**
 * The few XMP properties document forensics reads, from the packet text. XMP writes a property
 * either as an element or as an attribute of rdf:Description, so both forms are read.
 */

import { decodePdfText } from '../pdf/structure/text-strings.js';

export interface XmpHistoryEvent {
  action: string;
  softwareAgent: string;
  when: string;
}

export interface XmpFacts {
  producer?: string;
  creatorTool?: string;
  createDate?: string;
  modifyDate?: string;
  metadataDate?: string;
  history: XmpHistoryEvent[];
}

function unescapeXml(s: string): string {
  return s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&#(\d+);/g, (_, d: string) => String.fromCodePoint(Number(d)))
    .replace(/&#x([0-9a-f]+);/gi, (_, h: string) => String.fromCodePoint(parseInt(h, 16)))
    .replace(/&amp;/g, '&');
}

const PDF_ESCAPES: Record<string, number> = { n: 10, r: 13, t: 9, b: 8, f: 12, '(': 40, ')': 41, '\\': 92 };

/**
 * Ghostscript's pdfwrite (and the printers built on it: Bullzip, PDFCreator) copies a DOCINFO
 * string into XMP as it was handed over: a UTF-16 value then reads `\376\377\000B\000u...`,
 * the PDF-source escapes of its byte-order mark and bytes (or those bytes as Latin-1 characters,
 * `þÿ` first). It is the same text as the Info entry, spelled as a PDF string.
 */
function pdfStringValue(v: string): string {
  let bytes: number[] | null = null;
  if (v.startsWith('\\376\\377')) {
    bytes = [];
    for (let i = 0; i < v.length; i++) {
      if (v[i] !== '\\') {
        bytes.push(v.charCodeAt(i) & 0xff);
        continue;
      }
      const octal = /^[0-7]{1,3}/.exec(v.slice(i + 1));
      if (octal) {
        bytes.push(parseInt(octal[0], 8) & 0xff);
        i += octal[0].length;
      } else if (v[i + 1] in PDF_ESCAPES) bytes.push(PDF_ESCAPES[v[++i]]);
    }
  } else if (v.startsWith('\u00fe\u00ff') && [...v].every((c) => c.charCodeAt(0) <= 0xff)) {
    bytes = [...v].map((c) => c.charCodeAt(0));
  }
  return bytes ? decodePdfText(Uint8Array.from(bytes)).trim() : v;
}

/** A simple property: `<ns:name>value</ns:name>`, a language alternative, or `ns:name="value"`. */
export function xmpProperty(xmp: string, qname: string): string | undefined {
  const q = qname.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const el = new RegExp(`<${q}(?:\\s[^>]*)?>([\\s\\S]*?)</${q}>`).exec(xmp);
  if (el) {
    const li = /<rdf:li[^>]*>([\s\S]*?)<\/rdf:li>/.exec(el[1]);
    const v = pdfStringValue(unescapeXml((li ? li[1] : el[1]).replace(/<[^>]+>/g, '')).trim());
    if (v) return v;
  }
  const attr = new RegExp(`\\s${q}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`).exec(xmp);
  if (attr) {
    const v = pdfStringValue(unescapeXml(attr[1] ?? attr[2] ?? '').trim());
    if (v) return v;
  }
  return undefined;
}

export function parseXmp(xmp: string | null): XmpFacts | null {
  if (!xmp) return null;
  const history: XmpHistoryEvent[] = [];
  const hist = /<xmpMM:History[^>]*>([\s\S]*?)<\/xmpMM:History>/.exec(xmp);
  if (hist) {
    for (const li of hist[1].matchAll(/<rdf:li\b([^>]*?)(?:\/>|>([\s\S]*?)<\/rdf:li>)/g)) {
      const chunk = `<x ${li[1]}>${li[2] ?? ''}</x>`;
      history.push({
        action: xmpProperty(chunk, 'stEvt:action') ?? '',
        softwareAgent: xmpProperty(chunk, 'stEvt:softwareAgent') ?? '',
        when: xmpProperty(chunk, 'stEvt:when') ?? '',
      });
    }
  }
  return {
    producer: xmpProperty(xmp, 'pdf:Producer'),
    creatorTool: xmpProperty(xmp, 'xmp:CreatorTool') ?? xmpProperty(xmp, 'xap:CreatorTool'),
    createDate: xmpProperty(xmp, 'xmp:CreateDate') ?? xmpProperty(xmp, 'xap:CreateDate'),
    modifyDate: xmpProperty(xmp, 'xmp:ModifyDate') ?? xmpProperty(xmp, 'xap:ModifyDate'),
    metadataDate: xmpProperty(xmp, 'xmp:MetadataDate') ?? xmpProperty(xmp, 'xap:MetadataDate'),
    history,
  };
}
