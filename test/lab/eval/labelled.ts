/**
 * Scores a labelled corpus run: detection and false-positive rates (two cut lines: "flagged" =
 * suspicious or fraudulent, and "not clear"), ROC AUC of risk_score, recall per technique,
 * per-flag precision/recall, extraction accuracy, failures and latency. Rates are over the
 * samples the engine analysed; failed samples are counted separately.
 */
import { FLAG_CODES } from '../../../engine/catalog/flags.js';
import type { LabelRecord } from '../labels.js';
import { rocAuc } from '../metrics/auc.js';
import { ratio } from '../metrics/confusion.js';
import { fieldScores, type FieldScore } from '../metrics/extraction.js';
import { perFlagScores, type FlagScore } from '../metrics/flags.js';
import { latencySummary } from '../metrics/percentiles.js';
import { isFlagged, isNotClear, type Outcome } from './outcome.js';

export interface RateBlock {
  samples: number;
  analysed: number;
  failed: number;
  /** Share of analysed samples decided suspicious or fraudulent. */
  flagged: number | null;
  /** Share of analysed samples not decided clear. */
  not_clear: number | null;
  mean_score: number | null;
}

export interface TechniqueRow extends RateBlock {
  technique: string;
  family?: string;
  label: string;
}

export interface ReliabilityRow {
  band: string;
  samples: number;
  forged: number;
  forged_share: number | null;
}

/** Score bands of the default thresholds, the clear band split in two. */
const BANDS: Array<[number, number, string]> = [
  [0, 20, '0-19 clear'],
  [20, 40, '20-39 clear'],
  [40, 60, '40-59 pending'],
  [60, 80, '60-79 suspicious'],
  [80, 101, '80-100 fraudulent'],
];

export function reliabilityTable(scored: ReadonlyArray<{ score: number; forged: boolean }>): ReliabilityRow[] {
  return BANDS.map(([lo, hi, band]) => {
    const inBand = scored.filter((x) => x.score >= lo && x.score < hi);
    const forged = inBand.filter((x) => x.forged).length;
    return { band, samples: inBand.length, forged, forged_share: inBand.length ? forged / inBand.length : null };
  });
}

/** The family the detectors were tuned on; every other family is held out (leave-one-family-out). */
export const TUNED_ON_FAMILY = 'A';

export interface FamilyRow {
  family: string;
  /** True when the detectors were tuned on this family, false for a held-out family. */
  tuned: boolean;
  tampered: RateBlock;
  genuine: RateBlock;
  /** Tampered samples that went through pixels (image files, image-only PDFs). */
  pixel: RateBlock;
  roc_auc: number | null;
}

export interface LabelledReport {
  corpus: string;
  tuned_on: string;
  per_family: FamilyRow[];
  samples: number;
  by_label: Record<string, number>;
  detection: { tampered: RateBlock; ai_generated: RateBlock; forged: RateBlock };
  false_positives: { genuine: RateBlock };
  roc_auc: number | null;
  /** Per score band: samples and the observed share of forged (tampered + AI) among them. */
  reliability: ReliabilityRow[];
  decisions: Record<string, Record<string, number>>;
  per_technique: TechniqueRow[];
  per_flag: FlagScore[];
  extraction: FieldScore[];
  failures: {
    count: number;
    by_status: Record<string, number>;
    by_code: Record<string, number>;
    items: Array<{ file: string; status: string; error?: string }>;
  };
  detector_errors: Record<string, number>;
  /** Files per check left unchecked because what it needs could not be read. */
  not_checked: Record<string, number>;
  latency_ms: ReturnType<typeof latencySummary>;
}

export function rateBlock(outcomes: readonly Outcome[]): RateBlock {
  const ok = outcomes.filter((o) => o.status === 'ok');
  const scores = ok.map((o) => o.risk_score!);
  return {
    samples: outcomes.length,
    analysed: ok.length,
    failed: outcomes.length - ok.length,
    flagged: ratio(ok.filter(isFlagged).length, ok.length),
    not_clear: ratio(ok.filter(isNotClear).length, ok.length),
    mean_score: scores.length ? scores.reduce((a, b) => a + b, 0) / scores.length : null,
  };
}

/** A forgery that went through pixels: an image file or an image-only PDF (scan, print to image). */
export function isPixelRoute(l: LabelRecord): boolean {
  return l.mime !== 'application/pdf' || /scan|print_to_image|photo/.test(l.technique);
}

function count<T>(items: readonly T[], key: (t: T) => string | undefined): Record<string, number> {
  const out: Record<string, number> = {};
  for (const it of items) {
    const k = key(it);
    if (k !== undefined) out[k] = (out[k] ?? 0) + 1;
  }
  return out;
}

export function summarizeLabelled(corpus: string, labels: readonly LabelRecord[], outcomes: readonly Outcome[]): LabelledReport {
  const byFile = new Map(outcomes.map((o) => [o.file, o]));
  const pairs = labels.map((l) => {
    const o = byFile.get(l.file);
    if (!o) throw new Error(`no outcome for ${l.file}`);
    return { l, o };
  });
  const of = (pred: (l: LabelRecord) => boolean) => pairs.filter((p) => pred(p.l)).map((p) => p.o);
  const ok = pairs.filter((p) => p.o.status === 'ok');
  const failed = pairs.filter((p) => p.o.status !== 'ok');

  const techniques = [...new Set(labels.map((l) => l.technique))];
  const per_technique = techniques.map((technique) => {
    const sel = pairs.filter((p) => p.l.technique === technique);
    return { technique, family: sel[0].l.family ?? 'A', label: sel[0].l.label, ...rateBlock(sel.map((p) => p.o)) };
  });
  const order = { tampered: 0, ai_generated: 1, genuine: 2 } as Record<string, number>;
  per_technique.sort((a, b) => (a.family ?? 'A').localeCompare(b.family ?? 'A') || order[a.label] - order[b.label] || a.technique.localeCompare(b.technique));

  const decisions: Record<string, Record<string, number>> = {};
  for (const { l, o } of pairs) {
    const d = o.status === 'ok' ? o.decision! : `failed:${o.status}`;
    decisions[l.label] ??= {};
    decisions[l.label][d] = (decisions[l.label][d] ?? 0) + 1;
  }

  const families = [...new Set(labels.map((l) => l.family ?? 'A'))].sort();
  const per_family = families.map((family): FamilyRow => {
    const sel = pairs.filter((p) => (p.l.family ?? 'A') === family);
    const okSel = sel.filter((p) => p.o.status === 'ok');
    return {
      family,
      tuned: family === TUNED_ON_FAMILY,
      tampered: rateBlock(sel.filter((p) => p.l.label === 'tampered').map((p) => p.o)),
      genuine: rateBlock(sel.filter((p) => p.l.label === 'genuine').map((p) => p.o)),
      pixel: rateBlock(sel.filter((p) => p.l.label === 'tampered' && isPixelRoute(p.l)).map((p) => p.o)),
      roc_auc: rocAuc(okSel.map((p) => ({ score: p.o.risk_score!, positive: p.l.label !== 'genuine' }))),
    };
  });

  return {
    corpus,
    tuned_on: TUNED_ON_FAMILY,
    per_family,
    samples: labels.length,
    by_label: count(labels, (l) => l.label),
    detection: {
      tampered: rateBlock(of((l) => l.label === 'tampered')),
      ai_generated: rateBlock(of((l) => l.label === 'ai_generated')),
      forged: rateBlock(of((l) => l.label !== 'genuine')),
    },
    false_positives: { genuine: rateBlock(of((l) => l.label === 'genuine')) },
    roc_auc: rocAuc(ok.map((p) => ({ score: p.o.risk_score!, positive: p.l.label !== 'genuine' }))),
    reliability: reliabilityTable(ok.map((p) => ({ score: p.o.risk_score!, forged: p.l.label !== 'genuine' }))),
    decisions,
    per_technique,
    per_flag: perFlagScores(
      ok.map((p) => ({ expected: p.l.expected_flags, raised: p.o.flags ?? [] })),
      FLAG_CODES,
    ),
    extraction: fieldScores(ok.map((p) => ({ truth: p.l.fields, extracted: p.o.extracted ?? null, alternatives: p.l.field_alternatives }))),
    failures: {
      count: failed.length,
      by_status: count(failed, (p) => p.o.status),
      by_code: count(failed, (p) => p.o.error_code),
      items: failed.map((p) => ({ file: p.l.file, status: p.o.status, error: p.o.error })),
    },
    detector_errors: count(
      ok.flatMap((p) => p.o.detector_errors ?? []),
      (d) => d,
    ),
    not_checked: count(
      ok.flatMap((p) => p.o.not_checked ?? []),
      (d) => d,
    ),
    latency_ms: latencySummary(ok.map((p) => p.o.latency_ms ?? 0)),
  };
}
