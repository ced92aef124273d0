/**
 * identifier_invalid: identifiers that fail their own check digits or format. Only tokens that
 * are labelled as such (IBAN, routing number, card number, sort code) or that are unmistakably
 * IBAN-shaped (known country, exact country length) are judged. Identifiers that contradict the
 * same document are identifier-contradictions.ts.
 */
import { defineDetector, type DeclaredFinding, type Emit } from '../define.js';
import { findIbans } from '../../read/extract/account.js';
import { abaValid, cardBrand, IBAN_LENGTHS, ibanProblem, luhnValid, sortCodeDigits } from '../../read/extract/identifiers.js';
import { findLabelled } from '../../read/extract/labels.js';
import type { Line } from '../../read/extract/layout.js';
import { agreeingWithInvoice, embeddedInvoice } from './einvoice.js';
import { finding } from './evidence.js';
import { specimenDigits } from './specimen.js';
import { CONTRADICTION_THRESHOLDS, contradictingIdentifiers } from './identifier-contradictions.js';
import { STRENGTH } from '../strengths.js';

function ibanFindings(lines: Line[]): Found[] {
  const out: Found[] = [];
  const seen = new Set<string>();
  for (const hit of findIbans(lines)) {
    if (seen.has(hit.iban)) continue;
    seen.add(hit.iban);
    const expectedLen = IBAN_LENGTHS[hit.iban.slice(0, 2)];
    // A following token glued on by text extraction must not make a valid IBAN look too long.
    const candidate = hit.iban.length > expectedLen && ibanProblem(hit.iban.slice(0, expectedLen)) === null ? hit.iban.slice(0, expectedLen) : hit.iban;
    const problem = ibanProblem(candidate);
    if (!problem || specimenDigits(candidate.slice(4))) continue;
    if (problem === 'checksum' && (hit.labelled || candidate.length === expectedLen)) {
      out.push(
        finding(
          'identifier_invalid',
          'iban_checksum',
          `IBAN ${candidate} fails its mod-97 check digits.`,
          hit.line,
          hit.labelled ? STRENGTH['identifier_invalid.iban_checksum'].labelled : STRENGTH['identifier_invalid.iban_checksum'].unlabelled,
          { value: candidate },
          [hit.cell],
        ),
      );
    } else if (problem === 'length' && hit.labelled) {
      out.push(
        finding(
          'identifier_invalid',
          'iban_length',
          `IBAN ${candidate} has ${candidate.length} characters; ${candidate.slice(0, 2)} IBANs have ${expectedLen}.`,
          hit.line,
          STRENGTH['identifier_invalid.iban_length'],
          { value: candidate, expected_length: expectedLen },
          [hit.cell],
        ),
      );
    }
  }
  return out;
}

const ROUTING = /routing (?:number|no\.?|#|transit number)|aba(?: routing)?(?: number| no\.?| #)?|rtn|routing/i;
const CARD = /(?:credit |debit )?card (?:number|no\.?|#)|card|visa|mastercard|amex|american express/i;
const SORT_CODE = /sort[ -]?code/i;

function labelledDigits(lines: Line[], label: RegExp): Array<{ digits: string; raw: string; line: Line; cell: Line['cells'][number] }> {
  const out: Array<{ digits: string; raw: string; line: Line; cell: Line['cells'][number] }> = [];
  for (const hit of findLabelled(lines, label, { below: true })) {
    const v = hit.values.find((x) => /^\d[\d -]{4,24}\d$/.test(x.text.trim().split(/\s{2,}/)[0]));
    if (!v) continue;
    const raw = v.text.trim().split(/\s{2,}/)[0];
    out.push({ digits: raw.replace(/[ -]/g, ''), raw, line: v.line, cell: v.cell });
  }
  return out;
}

function otherFindings(lines: Line[]): Found[] {
  const out: Found[] = [];
  for (const r of labelledDigits(lines, ROUTING)) {
    if (r.digits.length === 9 && !abaValid(r.digits)) {
      out.push(
        finding(
          'identifier_invalid',
          'aba_checksum',
          `Routing number ${r.digits} fails the ABA checksum.`,
          r.line,
          STRENGTH['identifier_invalid.aba_checksum'],
          { value: r.digits },
          [r.cell],
        ),
      );
    } else if (r.digits.length !== 9 && /^\d+$/.test(r.digits)) {
      out.push(
        finding(
          'identifier_invalid',
          'aba_length',
          `Routing number ${r.digits} does not have 9 digits.`,
          r.line,
          STRENGTH['identifier_invalid.aba_length'],
          { value: r.digits },
          [r.cell],
        ),
      );
    }
  }
  for (const c of labelledDigits(lines, CARD)) {
    if (c.digits.length >= 13 && c.digits.length <= 19 && cardBrand(c.digits) && !luhnValid(c.digits)) {
      out.push(
        finding(
          'identifier_invalid',
          'card_luhn',
          `Card number ${c.raw} fails the Luhn check.`,
          c.line,
          STRENGTH['identifier_invalid.card_luhn'],
          { value: c.raw },
          [c.cell],
        ),
      );
    }
  }
  for (const hit of findLabelled(lines, SORT_CODE, { below: true })) {
    const v = hit.values.find((x) => /^\d[\d -]*\d$/.test(x.text.trim()));
    if (!v || sortCodeDigits(v.text)) continue;
    out.push(
      finding(
        'identifier_invalid',
        'sort_code_format',
        `Sort code "${v.text.trim()}" is not six digits (NN-NN-NN).`,
        v.line,
        STRENGTH['identifier_invalid.sort_code_format'],
        { value: v.text.trim() },
        [v.cell],
      ),
    );
  }
  return out;
}

const EMITS = [
  {
    flag: 'identifier_invalid',
    reasons: ['iban_checksum', 'iban_length', 'aba_checksum', 'aba_length', 'card_luhn', 'sort_code_format', 'account_mismatch', 'iban_mismatch'],
  },
] as const satisfies readonly Emit[];
/** What this detector may report: exactly the codes it declares (a compile error otherwise). */
export type Found = DeclaredFinding<typeof EMITS>;

export const identifierInvalidDetector = defineDetector({
  meta: {
    id: 'content/identifier-invalid',
    description:
      'IBAN mod-97 and country length, ABA routing checksum, card Luhn and UK sort code format on labelled or IBAN-shaped tokens; the account number printed twice with a digit or two changed; an IBAN whose own sort code, Bankleitzahl or account number is not the one printed beside it.',
    appliesTo: ['pdf', 'image'],
    needs: ['pages', 'pdf', 'text', 'textModel'],
    emits: EMITS,
    thresholds: CONTRADICTION_THRESHOLDS,
  },
  run(ctx) {
    if (!ctx.text.trim() && !ctx.pages.length) return [];
    const { lines } = ctx.facts.now('textModel');
    const found = [...ibanFindings(lines), ...otherFindings(lines), ...contradictingIdentifiers(lines)];
    return found.length ? agreeingWithInvoice(found, embeddedInvoice(ctx)) : found;
  },
});
