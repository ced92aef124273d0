/**
 * Serial-fraud series for the library eval (issue 12): per series, genuine documents of one
 * issuer to many people, and forgeries derived from one of them the way serial fraud is done:
 * the holder renamed (same transactions), renamed plus an amount changed, the same scan with
 * the name changed, and the very file submitted again. Family A renders through the positioned
 * producers (pdfkit, pdf-lib), family B through WeasyPrint; a pure function of the seed.
 */
import { issuersFor } from '../data/issuers.js';
import { bankStatement } from '../model/bank-statement.js';
import { invoice } from '../model/invoice.js';
import { payslip } from '../model/payslip.js';
import type { DocModel } from '../model/types.js';
import { utilityBill } from '../model/utility-bill.js';
import { rasterizePage, scanLook } from '../render/raster.js';
import { renderWeasyprint } from '../render/family-b.js';
import { metaFor, renderPositioned } from '../techniques/common.js';
import { hashSeed, Rng } from '../util/prng.js';

export type SeriesRole = 'genuine' | 'genuine_scan' | 'renamed' | 'renamed_amount' | 'renamed_scan' | 'resubmitted';

export interface SeriesItem {
  /** Stable name: `<series>/<role>-<n>`. */
  id: string;
  series: string;
  family: 'A' | 'B';
  role: SeriesRole;
  bytes: Uint8Array;
  ext: 'pdf' | 'jpg';
  /** For derived items: the id of the item it was made from (the check it must cite). */
  source?: string;
}

const BUILDERS = { bank_statement: bankStatement, payslip, invoice, utility_bill: utilityBill } as const;
type SeriesDocType = keyof typeof BUILDERS;
const DOC_TYPES = Object.keys(BUILDERS) as SeriesDocType[];

async function render(model: DocModel, family: 'A' | 'B', seed: number, overrides: ReadonlyMap<string, string> = new Map()): Promise<Uint8Array> {
  if (family === 'B') return renderWeasyprint(model, metaFor(model), overrides);
  return (await renderPositioned(model, seed % 2 === 0 ? 'pdfkit' : 'pdf-lib', seed, { overrides })).bytes;
}

/** The scan of page 1; the same `scanSeed` gives the same scanner noise, rotation and quality. */
async function scan(pdf: Uint8Array, scanSeed: number): Promise<Uint8Array> {
  return new Uint8Array(await scanLook(await rasterizePage(pdf, 1, 150), new Rng(scanSeed), { quality: 85 }));
}

/** The renaming a serial forger does: the holder's name and first address line. */
function renameOverrides(model: DocModel): Map<string, string> {
  const o = new Map<string, string>();
  for (const e of model.edits) if ((e.target === 'name' || e.target === 'address') && !o.has(e.key)) o.set(e.key, e.after);
  return o;
}

export interface SeriesOptions {
  seed: number;
  family: 'A' | 'B';
  index: number;
  /** Genuine documents of the issuer to different people. */
  people: number;
}

export async function buildSeries(o: SeriesOptions): Promise<SeriesItem[]> {
  const rng = new Rng(hashSeed(o.seed, o.family, o.index));
  const docType = DOC_TYPES[o.index % DOC_TYPES.length];
  const issuers = issuersFor(docType);
  const issuer = issuers[(o.index + (o.family === 'B' ? 1 : 0)) % issuers.length];
  const series = `${o.family}${o.index}-${docType}`;
  // Two more people than PDFs: their documents arrive only as scans (a scan of a document already
  // submitted as a PDF is the same content, rightly a duplicate, so it would not test genuine scans).
  const models = Array.from({ length: o.people + 2 }, (_, i) => BUILDERS[docType](rng.fork(`person-${i}`), issuer, { pages: 1 }));
  const items: SeriesItem[] = [];
  const renderSeed = rng.int(1, 1e6);
  for (const [i, model] of models.slice(0, o.people).entries())
    items.push({ id: `${series}/genuine-${i}`, series, family: o.family, role: 'genuine', bytes: await render(model, o.family, renderSeed), ext: 'pdf' });
  const source = models[0];
  const sourceId = `${series}/genuine-0`;
  const scanSeed = rng.int(1, 1e6);
  const scanned = models[o.people];
  const scannedPdf = await render(scanned, o.family, renderSeed);
  items.push({ id: `${series}/genuine_scan-0`, series, family: o.family, role: 'genuine_scan', bytes: await scan(scannedPdf, scanSeed), ext: 'jpg' });
  // A scan of yet another person: genuine scans of one issuer's documents must not match each other.
  items.push({
    id: `${series}/genuine_scan-1`,
    series,
    family: o.family,
    role: 'genuine_scan',
    bytes: await scan(await render(models[o.people + 1], o.family, renderSeed), rng.int(1, 1e6)),
    ext: 'jpg',
  });

  const renamed = renameOverrides(source);
  const renamedPdf = await render(source, o.family, renderSeed, renamed);
  items.push({ id: `${series}/renamed-0`, series, family: o.family, role: 'renamed', bytes: renamedPdf, ext: 'pdf', source: sourceId });
  const amount = source.edits.find((e) => e.target === 'amount');
  if (amount) {
    const withAmount = new Map(renamed).set(amount.key, amount.after);
    items.push({
      id: `${series}/renamed_amount-0`,
      series,
      family: o.family,
      role: 'renamed_amount',
      bytes: await render(source, o.family, renderSeed, withAmount),
      ext: 'pdf',
      source: sourceId,
    });
  }
  // The same scan with the holder renamed: the scanned person's document re-rendered renamed, scanned with the same noise.
  items.push({
    id: `${series}/renamed_scan-0`,
    series,
    family: o.family,
    role: 'renamed_scan',
    bytes: await scan(await render(scanned, o.family, renderSeed, renameOverrides(scanned)), scanSeed),
    ext: 'jpg',
    source: `${series}/genuine_scan-0`,
  });
  items.push({ id: `${series}/resubmitted-0`, series, family: o.family, role: 'resubmitted', bytes: items[0].bytes, ext: 'pdf', source: sourceId });
  return items;
}

/** Submission order: every series' genuine documents first (the library as it grows), then the derived ones. */
export function submissionOrder(all: readonly SeriesItem[][]): SeriesItem[] {
  const genuine = all.flatMap((s) => s.filter((i) => i.role === 'genuine' || i.role === 'genuine_scan'));
  const derived = all.flatMap((s) => s.filter((i) => i.role !== 'genuine' && i.role !== 'genuine_scan'));
  return [...genuine, ...derived];
}
