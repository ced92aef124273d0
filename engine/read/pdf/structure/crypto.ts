/**
 * Standard security handler (ISO 32000 7.6.4): RC4 40/128, AES-128 (V4 AESV2) and AES-256 (R5,
 * R6 AESV3). Files that open with the empty user password (common for "protected" statements)
 * are read without asking; a password the caller supplies is tried as the user password, then
 * as the owner password. Without the right one there is no decryptor: strings stay unread.
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

/** How the file was opened: no password needed, or the caller's password as the user's or the owner's. */
export type OpenedWith = 'no_password' | 'user_password' | 'owner_password';

/** The outcome of authenticating against a file's /Encrypt dictionary. */
export type Authentication =
  | { ok: true; key: Buffer; openedWith: OpenedWith }
  /** `password_required`: none given and the empty one fails; `password_incorrect`: the given one fails too. */
  | { ok: false; reason: 'password_required' | 'password_incorrect' | 'unsupported' };

const PAD = Buffer.from('28bf4e5e4e758a4164004e56fffa01082e2e00b6d0683e802f0ca9fe6453697a', 'hex');

export function rc4(key: Uint8Array, data: Uint8Array): Buffer {
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

/** Algorithm 2.B (R6): iterated SHA-2 hash of the password with a salt (and, for the owner, U). */
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

/** R5/R6 passwords are UTF-8 (SASLprep, approximated by NFKC), at most 127 bytes. */
const utf8Password = (pw: string): Buffer => Buffer.from(pw.normalize('NFKC'), 'utf8').subarray(0, 127);

/** R2-R4 passwords are PDFDocEncoding bytes (Latin-1 for what people type), padded to 32. */
function padded(pw: string | Buffer): Buffer {
  const raw = typeof pw === 'string' ? Buffer.from(pw, 'latin1') : pw;
  return Buffer.concat([raw.subarray(0, 32), PAD]).subarray(0, 32);
}

/** Algorithms 2.A (R5/R6): the file key from the user or owner password, or null when it fails. */
function keyR5R6(enc: PdfDict, r: number, password: string, as: 'user' | 'owner'): Buffer | null {
  const u = bytesOf(enc.get('U'));
  const o = bytesOf(enc.get('O'));
  const wrapped = bytesOf(enc.get(as === 'user' ? 'UE' : 'OE'));
  const own = as === 'user' ? u : o;
  if (u.length < 48 || own.length < 48 || wrapped.length < 32) return null;
  const pw = utf8Password(password);
  const udata = as === 'user' ? Buffer.alloc(0) : u.subarray(0, 48);
  const hash = (salt: Buffer) =>
    r >= 6
      ? hashR6(pw, salt, udata)
      : crypto
          .createHash('sha256')
          .update(Buffer.concat([pw, salt, udata]))
          .digest();
  if (!hash(own.subarray(32, 40)).equals(own.subarray(0, 32))) return null;
  const d = crypto.createDecipheriv('aes-256-cbc', hash(own.subarray(40, 48)), Buffer.alloc(16));
  d.setAutoPadding(false);
  return Buffer.concat([d.update(wrapped.subarray(0, 32)), d.final()]);
}

const keyLengthR2R4 = (enc: PdfDict, r: number): number => (r === 2 ? 5 : Math.max(5, Math.min(16, (enc.num('Length') ?? 40) / 8)));

/** Algorithms 2, 4 and 5: the file key from a (padded) user password, or null when it fails. */
function userKeyR2R4(enc: PdfDict, r: number, id0: Buffer, userPadded: Buffer): Buffer | null {
  const o = bytesOf(enc.get('O')).subarray(0, 32);
  const u = bytesOf(enc.get('U'));
  const p = Buffer.alloc(4);
  p.writeInt32LE((enc.num('P') ?? 0) | 0);
  const n = keyLengthR2R4(enc, r);
  const parts: Uint8Array[] = [userPadded, o, p, id0];
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

/** Algorithm 7: the owner password unwraps the padded user password from /O. */
function ownerKeyR2R4(enc: PdfDict, r: number, id0: Buffer, owner: string): Buffer | null {
  const n = keyLengthR2R4(enc, r);
  let k = md5(padded(owner));
  if (r >= 3) for (let i = 0; i < 50; i++) k = md5(k);
  k = k.subarray(0, n);
  let user = bytesOf(enc.get('O')).subarray(0, 32);
  if (r === 2) user = rc4(k, user);
  else
    for (let i = 19; i >= 0; i--)
      user = rc4(
        k.map((b) => b ^ i),
        user,
      );
  return userKeyR2R4(enc, r, id0, user);
}

function firstId(file: TrailerReader): Buffer {
  const id = file.resolve(file.trailerValue('ID'));
  return Array.isArray(id) ? bytesOf(file.resolve(id[0])) : Buffer.alloc(0);
}

/**
 * Authenticates: the empty password first (a file that opens for anyone does not need the
 * caller's), then the caller's as the user password, then as the owner password.
 */
export function authenticate(file: TrailerReader, password?: string): Authentication {
  const enc = file.dict(file.trailerValue('Encrypt'));
  if (!enc || enc.name('Filter') !== 'Standard') return { ok: false, reason: 'unsupported' };
  const r = enc.num('R') ?? 2;
  try {
    if (r >= 5) {
      const empty = keyR5R6(enc, r, '', 'user');
      if (empty) return { ok: true, key: empty, openedWith: 'no_password' };
      if (password === undefined) return { ok: false, reason: 'password_required' };
      const user = keyR5R6(enc, r, password, 'user');
      if (user) return { ok: true, key: user, openedWith: 'user_password' };
      const owner = keyR5R6(enc, r, password, 'owner');
      return owner ? { ok: true, key: owner, openedWith: 'owner_password' } : { ok: false, reason: 'password_incorrect' };
    }
    const id0 = firstId(file);
    const empty = userKeyR2R4(enc, r, id0, PAD);
    if (empty) return { ok: true, key: empty, openedWith: 'no_password' };
    if (password === undefined) return { ok: false, reason: 'password_required' };
    const user = userKeyR2R4(enc, r, id0, padded(password));
    if (user) return { ok: true, key: user, openedWith: 'user_password' };
    const owner = ownerKeyR2R4(enc, r, id0, password);
    return owner ? { ok: true, key: owner, openedWith: 'owner_password' } : { ok: false, reason: 'password_incorrect' };
  } catch {
    return { ok: false, reason: 'unsupported' };
  }
}

type Method = 'rc4' | 'aes' | 'aes256' | 'none';

function methodOf(file: TrailerReader, enc: PdfDict, which: 'StrF' | 'StmF'): Method {
  if ((enc.num('V') ?? 0) < 4) return 'rc4';
  const name = enc.name(which) ?? 'Identity';
  if (name === 'Identity') return 'none';
  const cfm = file.dict(file.dict(enc.get('CF'))?.get(name))?.name('CFM');
  return cfm === 'AESV3' ? 'aes256' : cfm === 'AESV2' ? 'aes' : cfm === 'None' ? 'none' : 'rc4';
}

/** A decryptor for strings and streams from an authenticated file key. */
export function decryptorFor(file: TrailerReader, key: Buffer): StringDecryptor | null {
  const enc = file.dict(file.trailerValue('Encrypt'));
  if (!enc) return null;
  const run = (m: Method, data: Uint8Array, num: number, gen: number): Uint8Array => {
    if (m === 'none') return data;
    if (m === 'aes256') return aesDecrypt(key, data);
    const ext = Buffer.from([num & 0xff, (num >> 8) & 0xff, (num >> 16) & 0xff, gen & 0xff, (gen >> 8) & 0xff]);
    const objKey = md5(key, ext, m === 'aes' ? Buffer.from('sAlT', 'latin1') : Buffer.alloc(0)).subarray(0, Math.min(key.length + 5, 16));
    return m === 'aes' ? aesDecrypt(objKey, data) : rc4(objKey, data);
  };
  const strM = methodOf(file, enc, 'StrF');
  const stmM = methodOf(file, enc, 'StmF');
  const fn: StringDecryptor = (s, num, gen) => run(strM, s.bytes, num, gen);
  fn.stream = (data, num, gen) => run(stmM, data, num, gen);
  return fn;
}

/** What a reviewer is told about the encryption: the handler, its cipher and key length. */
export interface EncryptionScheme {
  filter: string;
  v: number;
  r: number;
  algorithm: 'RC4' | 'AES' | 'none' | 'unknown';
  keyBits: number | null;
}

export function encryptionScheme(file: TrailerReader): EncryptionScheme | null {
  const enc = file.dict(file.trailerValue('Encrypt'));
  if (!enc) return null;
  const v = enc.num('V') ?? 0;
  const r = enc.num('R') ?? 2;
  const filter = enc.name('Filter') ?? 'unknown';
  if (filter !== 'Standard') return { filter, v, r, algorithm: 'unknown', keyBits: null };
  if (v >= 5 || r >= 5) return { filter, v, r, algorithm: 'AES', keyBits: 256 };
  const method = methodOf(file, enc, 'StmF');
  const algorithm = method === 'aes' ? 'AES' : method === 'aes256' ? 'AES' : method === 'none' ? 'none' : 'RC4';
  const bits = method === 'aes' ? 128 : method === 'aes256' ? 256 : keyLengthR2R4(enc, r) * 8;
  return { filter, v, r, algorithm, keyBits: method === 'none' ? null : bits };
}
