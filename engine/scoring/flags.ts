/** Findings to published flags: grouped by flag code, each with its reasons and a severity. */
import { FLAG_CATALOG, type FlagCode } from '../catalog/flags.js';
import type { Finding, Flag, Reason, Severity } from '../types.js';
import { SEVERITIES } from '../../vocabulary/flags.js';
import { combineObservations } from './saturation.js';

/** Weakest first, from the one list of severities (written strongest first). */
const SEVERITY_ORDER: readonly Severity[] = [...SEVERITIES].reverse();

/** Observations below this combined strength still move the score but are not published. */
export const PUBLISH_MIN_STRENGTH = 0.08;

export function severityForStrength(strength: number, range: { min: Severity; max: Severity }): Severity {
  const raw: Severity = strength >= 0.8 ? 'critical' : strength >= 0.55 ? 'high' : strength >= 0.3 ? 'medium' : 'low';
  const lo = SEVERITY_ORDER.indexOf(range.min);
  const hi = SEVERITY_ORDER.indexOf(range.max);
  const idx = Math.min(hi, Math.max(lo, SEVERITY_ORDER.indexOf(raw)));
  return SEVERITY_ORDER[idx];
}

export interface ScoredFlag {
  flag: Flag;
  strength: number;
  published: boolean;
}

function unionPages(lists: number[][]): number[] {
  return [...new Set(lists.flat())].sort((a, b) => a - b);
}

/**
 * Reasons listed per flag. A file with thousands of revisions or overlays otherwise yields a
 * check of megabytes (and a webhook body, and a list page of 100 such checks); past this, one
 * closing reason counts what was left out. All findings still count towards the score.
 */
export const MAX_REASONS_PER_FLAG = 20;

const toReason = (f: Finding): Reason => ({ code: f.code, summary: f.summary, pages: f.pages, evidence: f.evidence });

/**
 * The most telling reasons first: the strongest of each distinct reason code, then the next
 * strongest of any code, up to the cap; the rest are summarised in one `<flag>.more_reasons`.
 */
export function capReasons(code: FlagCode, sorted: readonly Finding[], max = MAX_REASONS_PER_FLAG): Reason[] {
  if (sorted.length <= max) return sorted.map(toReason);
  const kept = new Set<Finding>();
  const seenCodes = new Set<string>();
  for (const f of sorted) {
    if (kept.size >= max - 1) break;
    if (!seenCodes.has(f.code)) {
      seenCodes.add(f.code);
      kept.add(f);
    }
  }
  for (const f of sorted) {
    if (kept.size >= max - 1) break;
    kept.add(f);
  }
  const listed = sorted.filter((f) => kept.has(f));
  const omitted = sorted.filter((f) => !kept.has(f));
  const byCode: Record<string, number> = {};
  for (const f of omitted) byCode[f.code] = (byCode[f.code] ?? 0) + 1;
  const pages = unionPages(omitted.map((f) => f.pages));
  return [
    ...listed.map(toReason),
    {
      code: `${code}.more_reasons`,
      summary: `${omitted.length.toLocaleString('en-US')} further observations of this kind, each no stronger than those above, are not listed.`,
      pages,
      evidence: { omitted_count: omitted.length, omitted_by_code: byCode },
    },
  ];
}

export function groupFindings(findings: readonly Finding[]): ScoredFlag[] {
  const byCode = new Map<FlagCode, Finding[]>();
  for (const f of findings) {
    if (!FLAG_CATALOG.has(f.flag)) continue;
    const list = byCode.get(f.flag) ?? [];
    list.push(f);
    byCode.set(f.flag, list);
  }
  const out: ScoredFlag[] = [];
  for (const [code, list] of byCode) {
    const def = FLAG_CATALOG.get(code)!;
    const sorted = [...list].sort((a, b) => b.strength - a.strength);
    const strength = combineObservations(sorted.map((f) => f.strength));
    out.push({
      strength,
      published: strength >= PUBLISH_MIN_STRENGTH,
      flag: {
        code,
        category: def.category,
        severity: severityForStrength(strength, def.severity),
        title: def.title,
        description: def.description,
        pages: unionPages(sorted.map((f) => f.pages)),
        reasons: capReasons(code, sorted),
      },
    });
  }
  return out.sort((a, b) => b.strength - a.strength);
}
