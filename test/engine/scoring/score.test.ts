import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { scoreAnalysis, type ScoringSettings } from '../../../engine/scoring/score.js';
import { decisionForScore, riskLevelFor } from '../../../engine/scoring/bands.js';
import type { RuleInput } from '../../../engine/scoring/rules.js';
import { EMPTY_EXTRACTED, type Finding, type Mode } from '../../../engine/types.js';
import { DEFAULT_THRESHOLDS, finding, findingOf, thresholds } from './arbitraries.js';

const doc = { mime_type: 'application/pdf' as const, format: 'digital_pdf' as const, pages: 1 };

function run(findings: Finding[], settings: Partial<ScoringSettings> = {}, docType: string | null = null) {
  return scoreAnalysis(
    { findings, document: doc, extracted: { ...EMPTY_EXTRACTED, doc_type: docType as never }, text: 'Statement of account' },
    { mode: 'normal', thresholds: DEFAULT_THRESHOLDS, disabledFlagCodes: [], rules: [], ...settings },
  );
}

function rule(partial: Partial<RuleInput>): RuleInput {
  return { id: 'rule_t', title: 'Test rule', condition: 'true', outcome_guidance: 'ADVISORY', score_delta: 0, document_types: null, ...partial };
}

const mode = fc.constantFrom<Mode>('normal', 'strict', 'lenient');
const outcome = fc.constantFrom('ACCEPTED', 'REJECTED', 'PENDING', 'ADVISORY' as const);
const ruleArb = fc
  .record({
    outcome_guidance: outcome,
    score_delta: fc.integer({ min: -100, max: 100 }),
    condition: fc.constantFrom('true', 'false', 'risk_score > 50', '"incremental_edit" in flag_codes', 'document.pages >= 1', 'text.contains("Statement")'),
  })
  .map((r) => rule(r as Partial<RuleInput>));

describe('context-only findings', () => {
  const context = (flag: Finding['flag'], code: string, strength: number): Finding => ({
    flag,
    code: `${flag}.${code}`,
    summary: code,
    pages: [],
    evidence: {},
    strength,
  });
  it('never move a document out of clear, however many', () => {
    const findings = [
      context('low_trust_origin', 'consumer_software', 0.1),
      context('date_inconsistency', 'late_modification', 0.15),
      context('date_inconsistency', 'late_modification', 0.15),
      context('incremental_edit', 'other_update', 0.1),
      context('active_content', 'embedded_file', 0.05),
      context('metadata_mismatch', 'exif_dimensions', 0.15),
    ];
    for (const m of ['normal', 'strict'] as const) expect(run(findings, { mode: m }).decision).toBe('clear');
    expect(run(findings).engine_score).toBe(15);
  });
  it('add nothing beside a real finding, but are still shown', () => {
    const findings = [context('hidden_content', 'covered_text', 0.35), context('low_trust_origin', 'consumer_software', 0.15)];
    // hand-set strengths: the law is about combining, not about the fitted table. Before, the
    // context beside the weak finding made 0.35 + 0.15 = 40 (pending).
    const v = run(findings, { calibration: null });
    expect(v.engine_score).toBe(35);
    expect(v.decision).toBe('clear');
    expect(v.flags.map((f) => f.code)).toContain('low_trust_origin');
  });
});

describe('scoreAnalysis laws', () => {
  it('decision and risk level are always recoverable from score + thresholds', () => {
    fc.assert(
      fc.property(fc.array(finding(), { maxLength: 12 }), thresholds, mode, fc.array(ruleArb, { maxLength: 4 }), (fs, t, m, rules) => {
        const v = run(fs, { thresholds: t, mode: m, rules });
        expect(Number.isInteger(v.risk_score)).toBe(true);
        expect(v.risk_score).toBeGreaterThanOrEqual(0);
        expect(v.risk_score).toBeLessThanOrEqual(100);
        expect(v.decision).toBe(decisionForScore(v.risk_score, t));
        expect(v.risk_level).toBe(riskLevelFor(v.decision));
      }),
    );
  });

  it('disabled flag codes are removed before scoring: same result as if never found', () => {
    fc.assert(
      fc.property(fc.array(finding(), { maxLength: 10 }), fc.array(finding(), { maxLength: 5 }), (kept, dropped) => {
        const disabledCodes = [...new Set(dropped.map((f) => f.flag))].filter((c) => !kept.some((k) => k.flag === c));
        const onlyDropped = dropped.filter((f) => disabledCodes.includes(f.flag));
        const a = run([...kept, ...onlyDropped], { disabledFlagCodes: disabledCodes });
        const b = run(kept);
        expect(a.risk_score).toBe(b.risk_score);
        expect(a.flags.map((f) => f.code)).toEqual(b.flags.map((f) => f.code));
        expect(a.flags.some((f) => disabledCodes.includes(f.code))).toBe(false);
      }),
    );
  });

  it('strict never scores below normal, lenient never above', () => {
    fc.assert(
      fc.property(fc.array(finding(), { maxLength: 10 }), (fs) => {
        const n = run(fs).risk_score;
        expect(run(fs, { mode: 'strict' }).risk_score).toBeGreaterThanOrEqual(n);
        expect(run(fs, { mode: 'lenient' }).risk_score).toBeLessThanOrEqual(n);
      }),
    );
  });

  it('no finding scores 0 and clear in every mode', () => {
    for (const m of ['normal', 'strict', 'lenient'] as const) {
      const v = run([], { mode: m });
      expect(v.risk_score).toBe(0);
      expect(v.decision).toBe('clear');
      expect(v.flags).toEqual([]);
    }
  });

  it('REJECTED floors into fraudulent, PENDING into at least pending, ACCEPTED caps into clear', () => {
    fc.assert(
      fc.property(fc.array(finding(), { maxLength: 8 }), thresholds, (fs, t) => {
        expect(run(fs, { thresholds: t, rules: [rule({ outcome_guidance: 'REJECTED' })] }).decision).toBe('fraudulent');
        expect(run(fs, { thresholds: t, rules: [rule({ outcome_guidance: 'ACCEPTED' })] }).decision).toBe('clear');
        expect(run(fs, { thresholds: t, rules: [rule({ outcome_guidance: 'PENDING' })] }).risk_score).toBeGreaterThanOrEqual(t.pending_below);
      }),
    );
  });

  it('conflicting binding rules resolve towards caution', () => {
    const v = run([], { rules: [rule({ id: 'rule_a', outcome_guidance: 'ACCEPTED' }), rule({ id: 'rule_r', outcome_guidance: 'REJECTED' })] });
    expect(v.decision).toBe('fraudulent');
  });

  it('ADVISORY only nudges by score_delta, clamped to 0..100', () => {
    fc.assert(
      fc.property(fc.array(finding(), { maxLength: 8 }), fc.integer({ min: -100, max: 100 }), (fs, delta) => {
        const base = run(fs).risk_score;
        const v = run(fs, { rules: [rule({ score_delta: delta })] });
        expect(v.risk_score).toBe(Math.min(100, Math.max(0, base + delta)));
        expect(v.rules).toHaveLength(1);
      }),
    );
  });

  it('a rule limited to other document types never fires', () => {
    fc.assert(
      fc.property(fc.array(finding(), { maxLength: 8 }), (fs) => {
        const v = run(fs, { rules: [rule({ outcome_guidance: 'REJECTED', document_types: ['payslip'] })] }, 'bank_statement');
        expect(v.rules).toEqual([]);
        expect(v.risk_score).toBe(run(fs).risk_score);
      }),
    );
    const hit = run([], { rules: [rule({ outcome_guidance: 'REJECTED', document_types: ['payslip'] })] }, 'payslip');
    expect(hit.decision).toBe('fraudulent');
  });
});

describe('scoreAnalysis examples', () => {
  it('one decisive finding is fraudulent, one weak one is clear', () => {
    expect(run([findingOf('incremental_edit', 0.9)]).decision).toBe('fraudulent');
    expect(run([findingOf('low_trust_origin', 0.1)]).decision).toBe('clear');
  });

  it('groups reasons under one flag with the union of pages and a severity from the catalog range', () => {
    const a = { ...findingOf('font_inconsistency', 0.4, 'second_subset'), pages: [2] };
    const b = { ...findingOf('font_inconsistency', 0.5, 'isolated_font'), pages: [1, 2] };
    const v = run([a, b]);
    expect(v.flags).toHaveLength(1);
    expect(v.flags[0].pages).toEqual([1, 2]);
    expect(v.flags[0].reasons.map((r) => r.code)).toEqual(['font_inconsistency.isolated_font', 'font_inconsistency.second_subset']);
    expect(v.flags[0].category).toBe('structure');
  });

  it('rule reasoning names the values that made the condition true', () => {
    const v = run([findingOf('incremental_edit', 0.7)], {
      rules: [rule({ condition: 'risk_score > 50 && "incremental_edit" in flag_codes', score_delta: 5 })],
    });
    expect(v.rules[0].reasoning).toContain('risk_score=70');
    expect(v.rules[0].reasoning).toContain('incremental_edit');
  });

  it('a condition that fails at evaluation does not fire and is reported', () => {
    const v = run([], { rules: [rule({ condition: 'extracted.issuer.startsWith("X")', outcome_guidance: 'REJECTED' })] });
    expect(v.rules).toEqual([]);
    expect(v.decision).toBe('clear');
    expect(v.rule_errors).toHaveLength(1);
  });

  it('summary states the decision and the strongest reasons', () => {
    const v = run([{ ...findingOf('incremental_edit', 0.9), summary: 'Revision 2 changed the closing balance on page 1.' }]);
    expect(v.summary).toMatch(/tampering/);
    expect(v.summary).toContain('Revision 2 changed the closing balance on page 1');
  });
});
