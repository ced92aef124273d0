/**
 * The library fingerprint (engine/library) through `analyze`: what a serial forger keeps stays
 * equal (rows, content, picture hash), what differs between genuine customers of one issuer
 * stays different, and the template is shared by the issuer's genuine documents.
 */
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { analyze } from '../../../engine/analyze.js';
import { hammingHex, minhashSimilarity, type LibraryFingerprint } from '../../../engine/library/index.js';
import { lshBands } from '../../../engine/library/minhash.js';
import { statementPdf } from './statements.js';

const fp = async (bytes: Uint8Array): Promise<LibraryFingerprint> => {
  const a = await analyze(new Uint8Array(bytes), { ocr: false });
  expect(a.library).toBeDefined();
  return a.library!;
};
const shared = (a: LibraryFingerprint, b: LibraryFingerprint) => a.identity.rows.filter((r) => b.identity.rows.some((s) => s.key === r.key)).length;

let genuine: LibraryFingerprint;
let otherCustomer: LibraryFingerprint;
let derived: LibraryFingerprint;
let retemplated: LibraryFingerprint;

beforeAll(async () => {
  genuine = await fp(await statementPdf({ name: 'Jonathan Reed', address: ['18 Harbour Lane', 'Plymouth PL1 2AB'], account: '43127788', rowsSeed: 11 }));
  otherCustomer = await fp(await statementPdf({ name: 'Amelia Hart', address: ['4 Mill Road', 'Exeter EX2 7QT'], account: '55019934', rowsSeed: 29 }));
  derived = await fp(
    await statementPdf({
      name: 'Daniel Brooks',
      address: ['9 Station Street', 'Bristol BS1 4DJ'],
      account: '61220871',
      rowsSeed: 11,
      editAmount: { index: 3, amount: 12.5 },
    }),
  );
  retemplated = await fp(
    await statementPdf({
      name: 'Amelia Hart',
      address: ['4 Mill Road', 'Exeter EX2 7QT'],
      account: '55019934',
      rowsSeed: 29,
      producer: 'Microsoft Word',
      font: 'Times-Roman',
    }),
  );
}, 60_000);

describe('library fingerprint', () => {
  it('records the file hash, identity fields and every transaction row with its place on the page', () => {
    expect(genuine.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(genuine.identity.name).toBe('jonathan reed');
    expect(genuine.identity.account).toBe('43127788');
    expect(genuine.identity.rows).toHaveLength(14);
    expect(genuine.identity.rows[0]).toMatchObject({ page: 1, text: expect.stringContaining('mar 2025') });
    expect(genuine.identity.rows[0].bbox).toHaveLength(4);
  });

  it('keeps a derived forgery (other holder, one amount edited) close: most rows and most content shared', () => {
    // Every transaction but the edited one, although the balances below the edit all changed.
    expect(shared(genuine, derived)).toBe(13);
    expect(minhashSimilarity(genuine.content!.minhash, derived.content!.minhash)).toBeGreaterThan(0.3);
  });

  it('puts a re-issued copy under another name in a shared LSH band, and another customer in none', async () => {
    const copy = await fp(await statementPdf({ name: 'Daniel Brooks', address: ['9 Station Street', 'Bristol BS1 4DJ'], account: '61220871', rowsSeed: 11 }));
    expect(minhashSimilarity(genuine.content!.minhash, copy.content!.minhash)).toBeGreaterThan(0.7);
    const bands = new Set(lshBands(genuine.content!.minhash));
    expect(lshBands(copy.content!.minhash).some((b) => bands.has(b))).toBe(true);
    expect(lshBands(otherCustomer.content!.minhash).some((b) => bands.has(b))).toBe(false);
  });

  it('keeps two genuine customers of one issuer apart: no shared rows, low content similarity', () => {
    expect(shared(genuine, otherCustomer)).toBe(0);
    expect(minhashSimilarity(genuine.content!.minhash, otherCustomer.content!.minhash)).toBeLessThan(
      minhashSimilarity(genuine.content!.minhash, derived.content!.minhash),
    );
    expect(otherCustomer.identity.name).not.toBe(genuine.identity.name);
  });

  it('gives one issuer one template (producer, fonts, fixed lines) and tells another making apart', () => {
    expect(otherCustomer.template.producer).toBe(genuine.template.producer);
    expect(otherCustomer.template.fonts).toEqual(genuine.template.fonts);
    const common = genuine.template.fixedLines.filter((l) => otherCustomer.template.fixedLines.includes(l));
    expect(common.length).toBeGreaterThanOrEqual(3);
    // Personal details never enter the fixed lines.
    expect(genuine.template.fixedLines).toEqual(otherCustomer.template.fixedLines);
    expect(retemplated.template.producer).toBe('Microsoft Word');
    expect(retemplated.template.fonts).not.toEqual(genuine.template.fonts);
  });
});

describe('page picture hash', () => {
  let picture: Buffer;
  let another: Buffer;
  /** A document-like picture: dark blocks (a logo, text lines, a stamp) on white, laid out by `seed`. */
  const drawPicture = (seed: number) => {
    const w = 800;
    const h = 1000;
    const px = Buffer.alloc(w * h, 245);
    const box = (x0: number, y0: number, x1: number, y1: number, v: number) => {
      for (let y = y0; y < y1; y++) px.fill(v, y * w + x0, y * w + x1);
    };
    box(60 + seed * 300, 60, 300 + seed * 300, 140, 30);
    for (let i = 0; i < 20; i++) box(60 + ((i * (3 + seed)) % 5) * 40, 200 + i * 36, 420 + ((i * (97 + seed * 51)) % 300), 218 + i * 36, 40 + ((i * 23) % 80));
    box(520 - seed * 440, 820 - seed * 600, 740 - seed * 440, 940 - seed * 600, 90);
    return sharp(px, { raw: { width: w, height: h, channels: 1 } })
      .png()
      .toBuffer();
  };
  beforeAll(async () => {
    picture = await drawPicture(0);
    another = await drawPicture(1);
  });

  it('survives re-compression and a small crop, and differs for another picture', async () => {
    const png = await fp(picture);
    const jpeg = await fp(await sharp(picture).jpeg({ quality: 70 }).toBuffer());
    const cropped = await fp(await sharp(picture).extract({ left: 16, top: 20, width: 768, height: 960 }).jpeg({ quality: 85 }).toBuffer());
    const other = await fp(another);
    expect(png.pageHashes).toHaveLength(1);
    expect(hammingHex(png.pageHashes[0].hash, jpeg.pageHashes[0].hash)).toBeLessThanOrEqual(4);
    expect(hammingHex(png.pageHashes[0].hash, cropped.pageHashes[0].hash)).toBeLessThanOrEqual(12);
    expect(hammingHex(png.pageHashes[0].hash, other.pageHashes[0].hash)).toBeGreaterThan(16);
  }, 60_000);

  it('gives PDFs no picture hash and a blank picture none either', async () => {
    expect(genuine.pageHashes).toEqual([]);
    const blank = await fp(
      await sharp({ create: { width: 400, height: 500, channels: 3, background: '#ffffff' } })
        .png()
        .toBuffer(),
    );
    expect(blank.pageHashes).toEqual([]);
  }, 30_000);
});
