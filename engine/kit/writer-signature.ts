/**
 * What a PDF's own bytes say about the software that wrote them, when Info and XMP no longer
 * name it (stripped, or rewritten by a library that kept the objects): marks a writer leaves in
 * the file's structure rather than in its metadata.
 */

/**
 * Ghostscript's pdfwrite puts `%\xC7\xEC\x8F\xA2` on the line after the version header (and so
 * do the printers built on it: PDFCreator, Bullzip). A rewriting library writes its own header,
 * so the mark only survives on a file Ghostscript wrote, or one updated after it in place.
 */
export function ghostscriptHeader(bytes: Uint8Array): boolean {
  const head = bytes.subarray(0, 32);
  for (let i = 0; i + 5 < head.length; i++) {
    if (head[i] === 0x25 && head[i + 1] === 0xc7 && head[i + 2] === 0xec && head[i + 3] === 0x8f && head[i + 4] === 0xa2) return i > 0;
  }
  return false;
}

/**
 * Microsoft Office's PDF writer (Word's Save as PDF) numbers its font subsets from `BCDEEE`
 * (`BCDEEE`, `BCDFEE`, `BCDGEE`, ...), and before 2019 tagged every subset `ABCDEE`. A file
 * whose every subset tag is from that numbering had its fonts written by Office in one pass; a
 * font another program embedded later carries that program's own tag.
 */
export function officeSubsetTags(tags: readonly string[]): boolean {
  return tags.length > 0 && tags.every((t) => t === 'ABCDEE' || /^BCD[A-Z]{2}E$/.test(t));
}
