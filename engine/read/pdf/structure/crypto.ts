/**
 * Standard security handler with the empty user password (ISO 32000 7.6.4), so that metadata of
 * files that open without a password (common for "protected" statements) can still be read.
 * Files that need a real password yield no decryptor: their strings stay unread.
 */
import crypto from 'node:crypto';
import { PdfDict, PdfString, type PdfValue } from './objects.js';

/** What the decryptor reads of a file (document.ts's PdfFile has these): its trailer and objects. */
export interface TrailerReader {
  trailerValue(key: string): PdfValue | undefined;
  resolve(v: PdfValue | undefined): PdfValue | undefined;
  dict(v: PdfValue | undefined): PdfDict | null;
}

export type StringDecryptor = ((s: PdfString, num: number, gen: number) => Uint8Array) & {
  stream?: (data: Uint8Array, num: number, gen: number) => Uint8Array;
};

const PAD = Buffer.from('28bf4e5e4e758a4164004e56fffa01082e2e00b6d0683e802f0ca9fe6453697a', 'hex');

function rc4(key: Uint8Array, data: Uint8Array): Buffer {
  const s = new Uint8Array(256);
  for (let i = 0; i < 256; i++) s[i] = i;
  for (let i = 0, j = 0; i < 256; i++) {
    j = (j + s[i] + key[i % key.length]) & 0xff;
    [s[i], s[j]] = [s[j], s[i]];
  }
  const out = Buffer.alloc(data.length);
  for (let k = 0, i = 0, j = 0; k < data.length; k++) {
    i = (i + 1) & 0xff;
    j = (j + s[i]) & 0xff;
    [s[i], s[j]] = [s[j], s[i]];
    out[k] = data[k] ^ s[(s[i] + s[j]) & 0xff];
  }
  return out;
}

const md5 = (...parts: Uint8Array[]): Buffer => {
  const h = crypto.createHash('md5');
  for (const p of parts) h.update(p);
  return h.digest();
};

function aesDecrypt(key: Uint8Array, data: Uint8Array): Buffer {
  if (data.length < 32 || data.length % 16 !== 0) return Buffer.from(data.subarray(Math.min(16, data.length)));
  const algo = key.length === 32 ? 'aes-256-cbc' : 'aes-128-cbc';
  const d = crypto.createDecipheriv(algo, key, data.subarray(0, 16));
  try {
    return Buffer.concat([d.update(data.subarray(16)), d.final()]);
  } catch {
    const raw = crypto.createDecipheriv(algo, key, data.subarray(0, 16));
    raw.setAutoPadding(false);
    return Buffer.concat([raw.update(data.subarray(16)), raw.final()]);
  }
}

function bytesOf(v: unknown): Buffer {
  return v instanceof PdfString ? Buffer.from(v.bytes) : Buffer.alloc(0);
}

/** Algorithm 2.B (R6): iterated SHA-2 hash of the password with a salt. */
function hashR6(password: Buffer, salt: Buffer, udata: Buffer): Buffer {
  let k = crypto
    .createHash('sha256')
    .update(Buffer.concat([password, salt, udata]))
    .digest();
  for (let i = 0; ; i++) {
    const k1 = Buffer.concat(Array(64).fill(Buffer.concat([password, k, udata])));
    const c = crypto.createCipheriv('aes-128-cbc', k.subarray(0, 16), k.subarray(16, 32));
    c.setAutoPadding(false);
    const e = Buffer.concat([c.update(k1), c.final()]);
    let sum = 0;
    for (let j = 0; j < 16; j++) sum += e[j];
    const algo = ['sha256', 'sha384', 'sha512'][sum % 3];
    k = crypto.createHash(algo).update(e).digest();
    if (i >= 63 && e[e.length - 1] <= i - 31) break;
  }
  return k.subarray(0, 32);
}

function keyR5R6(enc: PdfDict, r: number): Buffer | null {
  const u = bytesOf(enc.get('U'));
  const ue = bytesOf(enc.get('UE'));
  if (u.length < 48 || ue.length < 32) return null;
  const pw = Buffer.alloc(0);
  const hash = (salt: Buffer) =>
    r >= 6
      ? hashR6(pw, salt, Buffer.alloc(0))
      : crypto
          .createHash('sha256')
          .update(Buffer.concat([pw, salt]))
          .digest();
  if (!hash(u.subarray(32, 40)).equals(u.subarray(0, 32))) return null;
  const d = crypto.createDecipheriv('aes-256-cbc', hash(u.subarray(40, 48)), Buffer.alloc(16));
  d.setAutoPadding(false);
  return Buffer.concat([d.update(ue.subarray(0, 32)), d.final()]);
}

function keyR2R4(enc: PdfDict, r: number, id0: Buffer): Buffer | null {
  const o = bytesOf(enc.get('O')).subarray(0, 32);
  const u = bytesOf(enc.get('U'));
  const p = Buffer.alloc(4);
  p.writeInt32LE((enc.num('P') ?? 0) | 0);
  const n = r === 2 ? 5 : Math.max(5, Math.min(16, (enc.num('Length') ?? 40) / 8));
  const parts: Uint8Array[] = [PAD, o, p, id0];
  if (r >= 4 && enc.get('EncryptMetadata') === false) parts.push(Buffer.from([0xff, 0xff, 0xff, 0xff]));
  let key = md5(...parts);
  if (r >= 3) for (let i = 0; i < 50; i++) key = md5(key.subarray(0, n));
  key = key.subarray(0, n);
  let check: Buffer;
  if (r === 2) check = rc4(key, PAD);
  else {
    check = rc4(key, md5(PAD, id0));
    for (let i = 1; i <= 19; i++)
      check = rc4(
        key.map((b) => b ^ i),
        check,
      );
  }
  const len = r === 2 ? 32 : 16;
  return check.subarray(0, len).equals(u.subarray(0, len)) ? key : null;
}

/** A decryptor for strings and streams, or null when the file needs a password we do not have. */
export function decryptorFor(file: TrailerReader): StringDecryptor | null {
  const enc = file.dict(file.trailerValue('Encrypt'));
  if (!enc || enc.name('Filter') !== 'Standard') return null;
  const v = enc.num('V') ?? 0;
  const r = enc.num('R') ?? 2;
  const id = file.resolve(file.trailerValue('ID'));
  const id0 = Array.isArray(id) ? bytesOf(file.resolve(id[0])) : Buffer.alloc(0);
  try {
    const key = r >= 5 ? keyR5R6(enc, r) : keyR2R4(enc, r, id0);
    if (!key) return null;
    const method = (which: 'StrF' | 'StmF'): 'rc4' | 'aes' | 'aes256' | 'none' => {
      if (v < 4) return 'rc4';
      const name = enc.name(which) ?? 'Identity';
      if (name === 'Identity') return 'none';
      const cf = file.dict(file.dict(enc.get('CF'))?.get(name));
      const cfm = cf?.name('CFM');
      return cfm === 'AESV3' ? 'aes256' : cfm === 'AESV2' ? 'aes' : cfm === 'None' ? 'none' : 'rc4';
    };
    const run = (m: ReturnType<typeof method>, data: Uint8Array, num: number, gen: number): Uint8Array => {
      if (m === 'none') return data;
      if (m === 'aes256') return aesDecrypt(key, data);
      const ext = Buffer.from([num & 0xff, (num >> 8) & 0xff, (num >> 16) & 0xff, gen & 0xff, (gen >> 8) & 0xff]);
      const objKey = md5(key, ext, m === 'aes' ? Buffer.from('sAlT', 'latin1') : Buffer.alloc(0)).subarray(0, Math.min(key.length + 5, 16));
      return m === 'aes' ? aesDecrypt(objKey, data) : rc4(objKey, data);
    };
    const strM = method('StrF');
    const stmM = method('StmF');
    const fn: StringDecryptor = (s, num, gen) => run(strM, s.bytes, num, gen);
    fn.stream = (data, num, gen) => run(stmM, data, num, gen);
    return fn;
  } catch {
    return null;
  }
}
