/**
 * The fitting arithmetic of `npm run calibrate` (pure, unit-tested in test/lab-harness/).
 *
 * For each reason code, count the documents that carry it: forged (lab tampered + AI), lab
 * genuine, real genuine. From smoothed rates,
 *   p_forged  = (n_forged + α) / (N_forged + 2α)
 *   p_genuine = max(rate on lab genuine, rate on real genuine), each smoothed the same way
 *   LR        = p_forged / p_genuine
 * the evidence strength is 1 − 1/LR (0 when LR ≤ 1): the share of the reason's appearances on
 * forged documents beyond what genuine documents show. It is shrunk toward the detector's
 * hand-set strength by the reason's support (documents carrying it) against `priorWeight`
 * pseudo-documents, so a reason seen a few times barely moves. A reason that genuine files show
 * is capped below suspicious unless its LR against genuine files reaches `forgedOnlyLr`. A
 * strength is raised by at most `maxRaise`, only for a reason already suspicious on its own that
 * forged documents of at least `minForgedGroups` techniques carry and genuine files do not show
 * (raiseLimit); lowering is not limited.
 * Everything is monotone: more forged support never lowers a strength, more genuine support
 * never raises it.
 */
import type { CalibrationTable } from '../../../engine/scoring/calibration.js';
import type { CachedFinding } from './types.js';

export interface FitDoc {
  forged: boolean;
  /** Lab technique or corpus unit; forged reasons must come from several groups to be raised. */
  group?: string;
  /** Genuine file from the real-world corpus (not the lab). */
  real: boolean;
  findings: readonly CachedFinding[];
}

export interface FitParams {
  /** Additive smoothing of every rate (0.5 = Jeffreys). */
  alpha: number;
  /** Pseudo-documents of the hand-set strength in the shrinkage. */
  priorWeight: number;
  /** Highest strength the likelihood ratio alone can give. */
  maxLrStrength: number;
  /** Cap for a reason genuine files show (below the default suspicious line of 60). */
  genuineCap: number;
  /** LR at which a reason genuine files show is still allowed above genuineCap. */
  forgedOnlyLr: number;
  /**
   * Most a fitted strength may exceed the hand-set one. Lab forgeries are made to carry these
   * reasons, so their forged rate overstates how telling a reason is in the world; lowering on
   * the evidence of genuine files needs no such guard.
   */
  maxRaise: number;
  /** A reason is raised only when forged documents of at least this many groups (techniques) carry it. */
  minForgedGroups: number;
}

export const DEFAULT_FIT_PARAMS: Readonly<FitParams> = Object.freeze({
  alpha: 0.5,
  priorWeight: 10,
  maxLrStrength: 0.95,
  genuineCap: 0.55,
  forgedOnlyLr: 50,
  maxRaise: 0.1,
  minForgedGroups: 2,
});

export interface Totals {
  forged: number;
  labGenuine: number;
  realGenuine: number;
}

export interface ReasonCounts {
  code: string;
  flag: string;
  forged: number;
  labGenuine: number;
  realGenuine: number;
  /** Per document carrying it, the strongest hand-set strength of this reason. */
  handStrengths: number[];
  /** Distinct groups (techniques) among the forged documents carrying it. */
  forgedGroups: number;
}

export interface ReasonFit extends ReasonCounts {
  hand: number;
  lr: number;
  lrStrength: number;
  fitted: number;
  max: number;
}

export function median(values: readonly number[]): number {
  if (values.length === 0) return NaN;
  const s = [...values].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

/** Documents per class, and per reason code the documents carrying it (once per document). */
export function countReasons(docs: readonly FitDoc[]): { totals: Totals; reasons: Map<string, ReasonCounts> } {
  const totals: Totals = { forged: 0, labGenuine: 0, realGenuine: 0 };
  const reasons = new Map<string, ReasonCounts>();
  const groups = new Map<string, Set<string>>();
  for (const d of docs) {
    const cls: keyof Totals = d.forged ? 'forged' : d.real ? 'realGenuine' : 'labGenuine';
    totals[cls]++;
    const strongest = new Map<string, CachedFinding>();
    for (const f of d.findings) {
      const prev = strongest.get(f.code);
      if (!prev || f.strength > prev.strength) strongest.set(f.code, f);
    }
    for (const [code, f] of strongest) {
      const r = reasons.get(code) ?? { code, flag: f.flag, forged: 0, labGenuine: 0, realGenuine: 0, handStrengths: [], forgedGroups: 0 };
      r[cls]++;
      r.handStrengths.push(f.strength);
      if (d.forged) {
        const g = groups.get(code) ?? new Set<string>();
        g.add(d.group ?? `doc:${totals.forged}`);
        groups.set(code, g);
        r.forgedGroups = g.size;
      }
      reasons.set(code, r);
    }
  }
  return { totals, reasons };
}

const rate = (n: number, total: number, alpha: number) => (n + alpha) / (total + 2 * alpha);

/**
 * Likelihood ratio of a reason: forged rate over the higher of the two genuine rates (a class
 * without documents has no rate). 1 (no evidence) when forged or genuine documents are missing.
 */
export function likelihoodRatio(c: Pick<ReasonCounts, 'forged' | 'labGenuine' | 'realGenuine'>, t: Totals, alpha: number): number {
  const genuineRates = [
    ...(t.labGenuine > 0 ? [rate(c.labGenuine, t.labGenuine, alpha)] : []),
    ...(t.realGenuine > 0 ? [rate(c.realGenuine, t.realGenuine, alpha)] : []),
  ];
  if (t.forged === 0 || genuineRates.length === 0) return 1;
  return rate(c.forged, t.forged, alpha) / Math.max(...genuineRates);
}

/** 1 − 1/LR, clipped to [0, max]. */
export function lrToStrength(lr: number, max: number): number {
  if (!(lr > 1)) return 0;
  return Math.min(max, 1 - 1 / lr);
}

/** Weighted mean of the LR strength (weight = support) and the hand-set strength (weight = priorWeight). */
export function shrink(lrStrength: number, support: number, hand: number, priorWeight: number): number {
  return (support * lrStrength + priorWeight * hand) / (support + priorWeight);
}

/** The line a single reason must reach to make a document suspicious (default thresholds). */
export const SUSPICIOUS_ALONE = 0.6;

/**
 * How far the lab's forged documents may raise a reason: only a reason the detector already
 * makes suspicious on its own (hand-set at or above SUSPICIOUS_ALONE), that forged documents of
 * several techniques carry and genuine files do not show (unless strongly forged-only), and by
 * at most maxRaise. Weaker reasons are never raised: lab forgeries are made to carry them, and
 * real files show them where our genuine samples do not (a photo re-saved by an editor is
 * double-compressed; on the lab's forged JPEGs only, raising it put a genuine C2PA photo out of clear).
 */
export function raiseLimit(c: Pick<ReasonCounts, 'forgedGroups'>, hand: number, lr: number, genuineSeen: boolean, p: FitParams): number {
  if (hand < SUSPICIOUS_ALONE || c.forgedGroups < p.minForgedGroups || (genuineSeen && lr < p.forgedOnlyLr)) return hand;
  return hand + p.maxRaise;
}

export function fitReason(c: ReasonCounts, t: Totals, p: FitParams): ReasonFit {
  const hand = median(c.handStrengths);
  const lr = likelihoodRatio(c, t, p.alpha);
  const lrStrength = lrToStrength(lr, p.maxLrStrength);
  const support = c.forged + c.labGenuine + c.realGenuine;
  const genuineSeen = c.labGenuine + c.realGenuine > 0;
  const max = genuineSeen && lr < p.forgedOnlyLr ? p.genuineCap : 0.99;
  const shrunk = shrink(lrStrength, support, hand, p.priorWeight);
  const fitted = Math.min(max, shrunk, raiseLimit(c, hand, lr, genuineSeen, p));
  return { ...c, hand, lr, lrStrength, fitted, max };
}

export interface Fit {
  totals: Totals;
  reasons: ReasonFit[];
  table: CalibrationTable;
}

const round = (x: number, digits = 3) => Math.round(x * 10 ** digits) / 10 ** digits;

/** Fits every reason code seen in `docs`; the table carries one entry per reason. */
export function fitTable(docs: readonly FitDoc[], p: FitParams = DEFAULT_FIT_PARAMS): Fit {
  const { totals, reasons } = countReasons(docs);
  const fits = [...reasons.values()].map((c) => fitReason(c, totals, p)).sort((a, b) => a.code.localeCompare(b.code));
  const table: Record<string, { hand: number; fitted: number; max: number }> = {};
  for (const r of fits) if (r.hand > 0) table[r.code] = { hand: round(r.hand), fitted: round(r.fitted), max: round(r.max) };
  return { totals, reasons: fits, table };
}
