/**
 * PNG text chunks, where Stable Diffusion front-ends (parameters) and ComfyUI (prompt,
 * workflow) store how an image was generated. Inserted before IEND with a correct CRC.
 */
import { crc32 } from 'node:zlib';

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([Buffer.from(type, 'latin1'), data])) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}

/** tEXt for Latin-1 text, iTXt (uncompressed, UTF-8) otherwise. */
export function textChunk(keyword: string, text: string): Buffer {
  if (/^[\x00-\xff]*$/.test(text)) return chunk('tEXt', Buffer.concat([Buffer.from(keyword, 'latin1'), Buffer.from([0]), Buffer.from(text, 'latin1')]));
  return chunk('iTXt', Buffer.concat([Buffer.from(keyword, 'latin1'), Buffer.from([0, 0, 0, 0, 0]), Buffer.from(text, 'utf8')]));
}

export function insertTextChunks(png: Buffer, entries: ReadonlyArray<[string, string]>): Buffer {
  const iend = png.lastIndexOf(Buffer.from('IEND', 'latin1')) - 4;
  if (iend < 8) throw new Error('not a PNG (no IEND chunk)');
  return Buffer.concat([png.subarray(0, iend), ...entries.map(([k, v]) => textChunk(k, v)), png.subarray(iend)]);
}
