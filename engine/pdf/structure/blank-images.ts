/**
 * The bytes the text and paint pass reads: the document with the data of its image XObjects
 * zeroed, same length (offsets and the xref stay valid). pdf.js decodes every image while it
 * builds a page's operator list, although the paint list needs only where an image is drawn
 * (the operator and its size come before the decode, and a decode that fails is only a
 * warning). Decoding costs seconds per scanned page (JPEG 2000 without wasm) and a damaged
 * image can take gigabytes; page renders for OCR read the original bytes.
 */
import { latin1, scanStreams } from './stream-scan.js';

const IMAGE = /\/Subtype\s*\/Image\b/;

export function blankImageData(bytes: Uint8Array): { bytes: Uint8Array; blanked: number } {
  const images = scanStreams(latin1(bytes)).filter((s) => IMAGE.test(s.header) && s.end > s.start);
  if (images.length === 0) return { bytes, blanked: 0 };
  const copy = new Uint8Array(bytes);
  for (const s of images) copy.fill(0, s.start, s.end);
  return { bytes: copy, blanked: images.length };
}
