/**
 * A real detached CMS signature (adbe.pkcs7.detached) made with node:crypto alone: a key pair and
 * a self-issued certificate made once per process, and the signed attributes a PDF signer writes
 * (content type, message digest, signing time). Enough for pdfsig and Acrobat to check the
 * digest and the signature; the certificate is trusted by no one, which is how a lab should be.
 */
import { createHash, generateKeyPairSync, sign, type KeyObject } from 'node:crypto';

const OID = {
  sha256: '2.16.840.1.101.3.4.2.1',
  rsaEncryption: '1.2.840.113549.1.1.1',
  sha256WithRsa: '1.2.840.113549.1.1.11',
  data: '1.2.840.113549.1.7.1',
  signedData: '1.2.840.113549.1.7.2',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingTime: '1.2.840.113549.1.9.5',
  commonName: '2.5.4.3',
  organization: '2.5.4.10',
} as const;

function length(n: number): Buffer {
  if (n < 0x80) return Buffer.from([n]);
  const bytes: number[] = [];
  for (let v = n; v > 0; v >>= 8) bytes.unshift(v & 0xff);
  return Buffer.from([0x80 | bytes.length, ...bytes]);
}

const tlv = (tag: number, ...parts: Buffer[]) => {
  const body = Buffer.concat(parts);
  return Buffer.concat([Buffer.from([tag]), length(body.length), body]);
};
const seq = (...parts: Buffer[]) => tlv(0x30, ...parts);
const set = (...parts: Buffer[]) => tlv(0x31, ...[...parts].sort(Buffer.compare));
const explicit = (n: number, ...parts: Buffer[]) => tlv(0xa0 + n, ...parts);
const int = (n: number | Buffer) => {
  let b = typeof n === 'number' ? Buffer.from([n]) : n;
  if (b[0] & 0x80) b = Buffer.concat([Buffer.from([0]), b]);
  return tlv(0x02, b);
};
const nul = () => Buffer.from([0x05, 0x00]);
const octets = (b: Buffer) => tlv(0x04, b);
const utf8 = (s: string) => tlv(0x0c, Buffer.from(s, 'utf8'));
const utcTime = (d: Date) => tlv(0x17, Buffer.from(d.toISOString().replace(/[-:T]/g, '').slice(2, 14) + 'Z', 'latin1'));

function oid(dotted: string): Buffer {
  const [a, b, ...rest] = dotted.split('.').map(Number);
  const out = [40 * a + b];
  for (const n of rest) {
    const groups: number[] = [];
    for (let v = n; ; v = Math.floor(v / 128)) {
      groups.unshift(v % 128);
      if (v < 128) break;
    }
    out.push(...groups.map((g, i) => (i < groups.length - 1 ? g | 0x80 : g)));
  }
  return tlv(0x06, Buffer.from(out));
}

const algorithm = (id: string) => seq(oid(id), nul());
const name = (cn: string, org: string) => seq(set(seq(oid(OID.commonName), utf8(cn))), set(seq(oid(OID.organization), utf8(org))));

export interface Signer {
  key: KeyObject;
  certificate: Buffer;
  issuer: Buffer;
  serial: Buffer;
  commonName: string;
}

const signers = new Map<string, Signer>();

/** A key pair and a self-issued certificate for this name, made once per process. */
export function labSigner(commonName: string, organization = 'Veracity Lab'): Signer {
  const known = signers.get(commonName);
  if (known) return known;
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const subject = name(commonName, organization);
  const serial = createHash('sha256').update(commonName).digest().subarray(0, 8);
  const tbs = seq(
    explicit(0, int(2)),
    int(serial),
    algorithm(OID.sha256WithRsa),
    subject,
    seq(utcTime(new Date('2020-01-01T00:00:00Z')), utcTime(new Date('2040-01-01T00:00:00Z'))),
    subject,
    publicKey.export({ type: 'spki', format: 'der' }),
  );
  const certificate = seq(tbs, algorithm(OID.sha256WithRsa), tlv(0x03, Buffer.from([0]), sign('sha256', tbs, privateKey)));
  const signer = { key: privateKey, certificate, issuer: subject, serial, commonName };
  signers.set(commonName, signer);
  return signer;
}

/** The DER of a detached CMS SignedData over `content` (the bytes a /ByteRange names). */
export function detachedCms(content: Buffer, signer: Signer, signedAt: Date): Buffer {
  const attributes = [
    seq(oid(OID.contentType), set(oid(OID.data))),
    seq(oid(OID.signingTime), set(utcTime(signedAt))),
    seq(oid(OID.messageDigest), set(octets(createHash('sha256').update(content).digest()))),
  ];
  // Signed as a SET OF, stored under the implicit [0] tag.
  const signature = sign('sha256', set(...attributes), signer.key);
  const signedAttrs = set(...attributes);
  signedAttrs[0] = 0xa0;
  const signerInfo = seq(int(1), seq(signer.issuer, int(signer.serial)), algorithm(OID.sha256), signedAttrs, algorithm(OID.rsaEncryption), octets(signature));
  const signedData = seq(int(1), set(algorithm(OID.sha256)), seq(oid(OID.data)), explicit(0, signer.certificate), set(signerInfo));
  return seq(oid(OID.signedData), explicit(0, signedData));
}
