/**
 * Seed documents for the fuzzer: real files from the shared corpus (when it is beside the
 * checkout), the lab's generated documents (when generated), small documents made here (so the
 * fuzzer works in any clone), and every saved finding (crashes and hangs found before).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import sharp from 'sharp';
import { sniffMime } from '../../engine/read/sniff.js';
import { repoRoot } from '../lab/util/paths.js';

export interface Seed {
  name: string;
  bytes: Uint8Array;
}

const MAX_SEED_BYTES = 3 * 1024 * 1024;

function walk(dir: string, out: string[] = []): string[] {
  if (!existsSync(dir)) return out;
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    const info = statSync(path);
    if (info.isDirectory()) walk(path, out);
    else if (info.size > 0 && info.size <= MAX_SEED_BYTES) out.push(path);
  }
  return out;
}

function documentsIn(dir: string, label: string): Seed[] {
  return walk(dir)
    .map((path) => ({ name: `${label}:${path.slice(dir.length + 1)}`, bytes: new Uint8Array(readFileSync(path)) }))
    .filter((s) => sniffMime(s.bytes) !== null);
}

/** Made here: a statement PDF (text, a table, an image), an incremental update, a PNG and a JPEG. */
async function madeHere(): Promise<Seed[]> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const png = await sharp({ create: { width: 64, height: 32, channels: 3, background: { r: 20, g: 80, b: 160 } } })
    .png()
    .toBuffer();
  const logo = await doc.embedPng(png);
  for (let p = 0; p < 2; p++) {
    const page = doc.addPage([595, 842]);
    page.drawImage(logo, { x: 50, y: 770, width: 64, height: 32 });
    page.drawText(`First Example Bank - Statement page ${p + 1}`, { x: 130, y: 780, size: 14, font });
    for (let i = 0; i < 12; i++)
      page.drawText(`0${(i % 9) + 1}/03/2025  Payment ${i}   ${(i * 12.5).toFixed(2)}   ${(1000 - i * 12.5).toFixed(2)}`, {
        x: 50,
        y: 700 - i * 18,
        size: 10,
        font,
      });
    page.drawRectangle({ x: 45, y: 480, width: 500, height: 1, color: rgb(0, 0, 0) });
  }
  doc.setProducer('fuzz seed');
  const pdf = await doc.save({ useObjectStreams: true });
  const plain = await doc.save({ useObjectStreams: false });
  const updated = Buffer.concat([
    Buffer.from(plain),
    Buffer.from('\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Size 2 /Prev 0 >>\nstartxref\n0\n%%EOF\n'),
  ]);
  const page = sharp({ create: { width: 400, height: 300, channels: 3, background: { r: 250, g: 250, b: 245 } } }).composite([
    { input: Buffer.from('<svg width="400" height="300"><text x="20" y="60" font-size="24">Invoice 1001 Total 45.00</text></svg>'), top: 0, left: 0 },
  ]);
  return [
    { name: 'made:statement.pdf', bytes: new Uint8Array(pdf) },
    { name: 'made:statement-plain.pdf', bytes: new Uint8Array(plain) },
    { name: 'made:updated.pdf', bytes: new Uint8Array(updated) },
    { name: 'made:invoice.png', bytes: new Uint8Array(await page.clone().png().toBuffer()) },
    { name: 'made:invoice.jpg', bytes: new Uint8Array(await page.clone().jpeg({ quality: 80 }).withMetadata().toBuffer()) },
  ];
}

export const FINDINGS_DIR = (): string => join(repoRoot(), 'test', 'fuzz', 'findings');

export async function loadSeeds(options: { corpus?: string | false; lab?: string | false } = {}): Promise<Seed[]> {
  const root = repoRoot();
  const corpus = options.corpus === false ? null : (options.corpus ?? resolve(root, '..', 'shared', 'corpus'));
  const lab = options.lab === false ? null : (options.lab ?? join(root, '.lab', 'full'));
  return [
    ...(await madeHere()),
    ...(corpus ? documentsIn(corpus, 'corpus') : []),
    ...(lab ? documentsIn(lab, 'lab') : []),
    ...documentsIn(FINDINGS_DIR(), 'finding'),
  ];
}
