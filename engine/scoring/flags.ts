/** Findings to published flags: grouped by flag code, each with its reasons and a severity. */
import { FLAG_CATALOG, type FlagCode } from '../catalog/flags.js';
import type { Finding, Flag, Severity } from '../types.js';
import { combineObservations } from './saturation.js';

const SEVERITY_ORDER: Severity[] = ['low', 'medium', 'high', 'critical'];

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
        reasons: sorted.map((f) => ({ code: f.code, summary: f.summary, pages: f.pages, evidence: f.evidence })),
      },
    });
  }
  return out.sort((a, b) => b.strength - a.strength);
}
