/**
 * What every family C technique shares: the engines that render a document (Chromium/Skia,
 * WeasyPrint, ReportLab), the tools that launder it (Ghostscript, qpdf, exiftool, poppler,
 * ImageMagick, img2pdf), and the label records. Every tool is optional: a technique whose tool
 * is missing fails with a message naming it (generation.json lists it).
 */
import { execFileSync } from 'node:child_process';
import type { FlagCode } from '../../../../engine/catalog/flags.js';
import type { DocModel } from '../../model/types.js';
import { familyBTools, renderReportlab, renderWeasyprint } from '../../render/family-b.js';
import { printHtml, toHtml } from '../../render/html.js';
import type { PdfMeta } from '../../render/meta.js';
import type { Rng } from '../../util/prng.js';
import { alternatives, editRecord, fieldsAfter, uniq } from '../common.js';
import type { BuiltSample, SampleSpec } from '../types.js';
import type { CEdit } from './edits.js';

export type CEngine = 'chromium' | 'weasyprint' | 'reportlab';
export const C_ENGINES: readonly CEngine[] = ['chromium', 'weasyprint', 'reportlab'];

export const ENGINE_NAME: Record<CEngine, string> = {
  chromium: 'Chromium print-to-PDF (Skia/PDF)',
  weasyprint: 'WeasyPrint',
  reportlab: 'ReportLab',
};

const COMMANDS = ['gs', 'qpdf', 'fix-qdf', 'exiftool', 'pdftoppm', 'convert', 'img2pdf', 'chromium', 'weasyprint'] as const;
let cache: Set<string> | null = null;

/** Which family C tools this machine has (python3-reportlab counts as `reportlab`). */
export function familyCTools(): Set<string> {
  if (cache) return cache;
  const have = new Set<string>();
  for (const t of COMMANDS) {
    try {
      execFileSync('sh', ['-c', `command -v ${t}`], { stdio: 'ignore' });
      have.add(t);
    } catch {
      /* absent */
    }
  }
  if (familyBTools().has('reportlab')) have.add('reportlab');
  cache = have;
  return have;
}

export function requireC(...tools: string[]): void {
  const missing = tools.filter((t) => !familyCTools().has(t));
  if (missing.length) throw new Error(`${missing.join(', ')} not installed (family C needs it)`);
}

export function pickEngine(rng: Rng, engines: readonly CEngine[] = C_ENGINES): CEngine {
  const ok = engines.filter((e) => familyCTools().has(e));
  if (!ok.length) throw new Error(`none of ${engines.join(', ')} is installed (family C)`);
  return rng.pick(ok);
}

/** The document as the engine renders it, with the forger's values where `overrides` says. */
export function renderC(engine: CEngine, model: DocModel, meta: PdfMeta, overrides: ReadonlyMap<string, string> = new Map()): Promise<Uint8Array> {
  switch (engine) {
    case 'chromium':
      return printHtml(toHtml(model, overrides));
    case 'weasyprint':
      return renderWeasyprint(model, meta, overrides);
    case 'reportlab':
      return renderReportlab(model, meta, overrides);
  }
}

function mimeOf(ext: BuiltSample['ext']): BuiltSample['label']['mime'] {
  return ext === 'pdf' ? 'application/pdf' : ext === 'png' ? 'image/png' : 'image/jpeg';
}

export function genuineC(spec: SampleSpec, model: DocModel, bytes: Uint8Array, ext: BuiltSample['ext'], producer: string): BuiltSample {
  return {
    bytes,
    ext,
    label: {
      label: 'genuine',
      technique: spec.technique,
      family: 'C',
      doc_type: model.docType,
      expected_flags: [],
      fields: { ...model.fields },
      ...alternatives(model),
      producer,
      seed: spec.seed,
      mime: mimeOf(ext),
    },
  };
}

export function tamperedC(
  spec: SampleSpec,
  model: DocModel,
  bytes: Uint8Array,
  ext: BuiltSample['ext'],
  producer: string,
  flags: FlagCode[],
  e: CEdit,
): BuiltSample {
  const changed = [...e.overrides].map(([k, v]) => `${k} -> ${v}`).join('; ');
  return {
    bytes,
    ext,
    label: {
      label: 'tampered',
      technique: spec.technique,
      family: 'C',
      doc_type: model.docType,
      expected_flags: uniq(flags),
      fields: fieldsAfter(model, e.edit),
      ...alternatives(model),
      producer,
      seed: spec.seed,
      mime: mimeOf(ext),
      edit: editRecord(e.edit, 1),
      notes: `${e.kind}: ${changed}`,
    },
  };
}
