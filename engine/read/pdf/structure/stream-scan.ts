/**
 * Finds stream objects in the raw bytes, without parsing the document: each `stream` keyword,
 * the dictionary before it and the data up to `endstream`. Used on the bytes before any reader
 * sees them (decode budget, image blanking), so it tolerates damaged files: a stream whose end
 * cannot be found ends the scan.
 */
export interface RawStream {
  /** The dictionary text before the `stream` keyword (from the `obj` keyword when within 4 KB). */
  header: string;
  /** Offset of `header` in the file. */
  headerStart: number;
  /** `N G` of the object, when its header could be read. */
  object: string | null;
  /** Data start and end (exclusive), the end-of-line before `endstream` excluded. */
  start: number;
  end: number;
}

const STREAM = /stream\r?\n/g;

export function scanStreams(text: string): RawStream[] {
  const out: RawStream[] = [];
  STREAM.lastIndex = 0;
  for (let m = STREAM.exec(text); m; m = STREAM.exec(text)) {
    const keyword = m.index;
    if (text.startsWith('end', keyword - 3)) continue;
    const objAt = text.lastIndexOf(' obj', keyword);
    const headerStart = objAt >= 0 && keyword - objAt < 4096 ? objAt : Math.max(0, keyword - 4096);
    const header = text.slice(headerStart, keyword);
    const start = keyword + m[0].length;
    const endAt = text.indexOf('endstream', start);
    if (endAt < 0) break;
    STREAM.lastIndex = endAt + 9;
    let end = endAt;
    while (end > start && (text.charCodeAt(end - 1) === 0x0a || text.charCodeAt(end - 1) === 0x0d)) end--;
    const num = objAt >= 0 ? /(\d+)\s+(\d+)\s*$/.exec(text.slice(Math.max(0, objAt - 24), objAt)) : null;
    out.push({ header, headerStart, object: num ? `${num[1]} ${num[2]}` : null, start, end });
  }
  return out;
}

export function latin1(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
}
