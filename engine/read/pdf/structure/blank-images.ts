/**
 * The bytes the text and paint pass reads: the document with the data of its image XObjects
 * zeroed, same length (offsets and the xref stay valid). pdf.js decodes every image while it
 * builds a page's operator list, although the paint list needs only where an image is drawn
 * (the operator and its size come before the decode, and a decode that fails is only a
 * warning). Decoding costs seconds per scanned page (JPEG 2000 without wasm) and a damaged
 * image can take gigabytes; page renders for OCR read the original bytes.
 */
import { latin1, scanStreams, type RawStream } from './stream-scan.js';

const IMAGE = /\/Subtype\s*\/Image\b/;
/** Filter names (full and abbreviated) in a stream dictionary. */
const FILTER_NAME =
  /\/(?:JBIG2Decode|JPXDecode|DCTDecode|CCITTFaxDecode|FlateDecode|LZWDecode|RunLengthDecode|ASCIIHexDecode|ASCII85Decode|DCT|CCF|RL|AHx|A85|LZW|Fl)\b/g;
const GLOBALS = /\/JBIG2Globals\s+(\d+)\s+(\d+)\s+R/g;

/** `streams`: the file's streams when already scanned (the decode budget scans the same bytes). */
export function blankImageData(bytes: Uint8Array, streams: readonly RawStream[] = scanStreams(latin1(bytes))): { bytes: Uint8Array; blanked: number } {
  const images = streams.filter((s) => IMAGE.test(s.header) && s.end > s.start);
  if (images.length === 0) return { bytes, blanked: 0 };
  // JBIG2 images share a globals stream (no /Subtype) that the decoder reads before the image:
  // a damaged one alone can keep it busy for minutes.
  const globals = new Set(images.flatMap((s) => [...s.header.matchAll(GLOBALS)].map((m) => `${m[1]} ${m[2]}`)));
  const blank = [...images, ...streams.filter((s) => s.object !== null && globals.has(s.object) && !images.includes(s))];
  const copy = new Uint8Array(bytes);
  for (const s of blank) {
    copy.fill(0, s.start, s.end);
    // Zeros are not neutral to every codec (JBIG2 reads them as a symbol dictionary and can spin
    // for minutes): every filter becomes Flate, padded to the same length, so decoding the zeros
    // fails at once in zlib, whatever the codec was.
    // pdf.js builds image data from the dictionary even when the data fails to decode: a bit
    // depth no image can have (a damaged or hostile /BitsPerComponent) would loop for minutes.
    const bpc = /\/BitsPerComponent\s+(\d+)/.exec(s.header);
    if (bpc && ![1, 2, 4, 8, 16].includes(Number(bpc[1]))) {
      const at = s.headerStart + bpc.index + bpc[0].length - bpc[1].length;
      copy.fill(0x20, at, at + bpc[1].length);
      copy[at] = 0x31; // "1"
    }
    const filterAt = s.header.search(/\/Filter\b/);
    if (filterAt < 0) continue;
    FILTER_NAME.lastIndex = filterAt + 7;
    const filterEnd = Math.min(s.header.length, filterAt + 200);
    for (let m = FILTER_NAME.exec(s.header); m && m.index < filterEnd; m = FILTER_NAME.exec(s.header)) {
      const at = s.headerStart + m.index;
      copy.fill(0x20, at, at + m[0].length);
      copy.set([0x2f, 0x46, 0x6c], at); // "/Fl"
    }
  }
  return { bytes: copy, blanked: blank.length };
}
