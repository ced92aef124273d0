/**
 * Document type from vocabulary evidence. Each type has weighted cue phrases; a phrase in the
 * title area (first lines or the largest text) counts double. The best type must clear a
 * minimum score and beat the runner-up clearly, else the answer is `other` (or null when the
 * document has almost no text).
 */
import type { DocType } from '../../types.js';
import type { Line } from './layout.js';

type Cue = [RegExp, number];

const CUES: Record<Exclude<DocType, 'other'>, Cue[]> = {
  bank_statement: [
    [
      /\b(?:bank|account|current account|savings account|checking account|kontoauszug|relevé de compte|estado de cuenta)\s+statement\b|\bstatement of account\b|\bkontoauszug\b|\brelevé de compte\b/i,
      5,
    ],
    [/\bstatement (?:date|period)\b|\bstatement\b/i, 1.5],
    [/\b(?:opening|closing|previous|starting|ending|new) balance\b|\bbalance (?:brought|carried) forward\b|\bsaldo\b|\bsolde\b/i, 3],
    [/\bpaid (?:in|out)\b|\bmoney (?:in|out)\b|\bwithdrawals?\b|\bdeposits?\b|\bdebits?\b|\bcredits?\b/i, 1.5],
    [/\bsort code\b|\bIBAN\b|\baccount (?:number|no)\b|\brouting\b/i, 1],
    [/\bbalance\b/i, 1],
  ],
  payslip: [
    [
      /\bpay ?slip\b|\bpay stub\b|\bpay advice\b|\bearnings statement\b|\bsalary slip\b|\bpay statement\b|\b(?:lohn|gehalts|entgelt)abrechnung\b|\bbulletin de (?:paie|salaire)\b/i,
      6,
    ],
    [/\bgross (?:pay|earnings|salary)\b|\bnet (?:pay|salary|earnings)\b|\btake home pay\b/i, 3],
    [/\bNI (?:number|no)\b|\bnational insurance\b|\btax code\b|\bPAYE\b|\bsocial security\b|\bfederal (?:income )?tax\b|\bFICA\b|\bmedicare\b/i, 2],
    [/\bYTD\b|\byear to date\b|\bpay (?:date|period)\b|\bemployee\b|\bemployer\b|\bpayroll\b|\bdeductions\b/i, 1.5],
  ],
  invoice: [
    // "invoice", "facture", ... or a word ending in "rechnung": written so that the engine looks for
    // "rechnung" and then back over its word, not for a run of letters at every word start (the
    // whole document's text is tested; same matches as `\b\p{L}*rechnung\b`).
    [/\b(?:(?:tax |vat |commercial |proforma |pro forma )?invoice|factu(?:re|ur|ra)|fattura)\b|(?<=\b\p{L}*)rechnung\b/iu, 5],
    [/\binvoice (?:no|number|date|#)\b|\bbill(?:ed)? to\b|\binvoice to\b|\bsold to\b|\bship to\b|\brechnungs(?:nummer|datum)\b/i, 3],
    [/\bamount due\b|\bbalance due\b|\bdue date\b|\bpayment terms\b|\bsubtotal\b|\bnet total\b|\bzahlbar\b|\bunit price\b|\bqty\b|\bquantity\b/i, 1.5],
    [/\bVAT (?:no|number|reg)\b|\bUSt-?Id|\bTVA\b|\bGSTIN\b/i, 1],
  ],
  receipt: [
    [/\breceipt\b|\bkassenbon\b|\bquittung\b|\bbeleg\b|\bticket de caisse\b|\brecibo\b/i, 5],
    [
      /\bcash\b|\bchange due\b|\bchange\b|\btendered\b|\bcashier\b|\btill\b|\bstore\b|\bauth(?:orisation|orization)? code\b|\bcontactless\b|\bthank you for (?:shopping|your purchase|visiting)\b/i,
      1.5,
    ],
    [/\bpayment received\b|\bamount paid\b|\bpaid\b/i, 1],
  ],
  utility_bill: [
    [/\b(?:electricity|gas|water|energy|utility|broadband|phone|mobile|council tax) (?:bill|statement|account)\b/i, 5],
    [/\bmeter (?:reading|number|serial)\b|\bkWh\b|\bstanding charge\b|\btariff\b|\bsupply (?:address|point)\b|\bMPAN\b|\bMPRN\b|\bunits used\b/i, 3],
    [/\belectricity\b|\bgas\b|\bwater\b|\benergy\b|\bbroadband\b/i, 1],
  ],
  tax_form: [
    [
      /\bform (?:1040|1099|W-?2|W-?9)\b|\bW-2\b|\bP60\b|\bP45\b|\bSA302\b|\btax return\b|\bsteuerbescheid\b|\bavis d'imp[oô]t\b|\btax assessment\b|\btax calculation\b/i,
      6,
    ],
    [/\bHMRC\b|\bHM Revenue\b|\bInternal Revenue Service\b|\bIRS\b|\bFinanzamt\b|\btax year\b|\btaxable income\b|\bUTR\b/i, 2],
  ],
  id_document: [
    [
      /\bpassport\b|\bdriving licen[cs]e\b|\bdriver'?s licen[cs]e\b|\bidentity card\b|\bnational id\b|\bpersonalausweis\b|\breisepass\b|\bcarte d'identit[ée]\b/i,
      6,
    ],
    [/\bdate of birth\b|\bnationality\b|\bdate of expiry\b|\bplace of birth\b|\bsex\b|\bP<[A-Z]{3}|\bID<[A-Z]{3}|\bI<[A-Z]{3}/i, 2],
  ],
  letter: [
    [
      /^\s*dear\s+\S|\byours (?:sincerely|faithfully|truly)\b|\bkind regards\b|\bbest regards\b|\bsincerely,|\bmit freundlichen gr[üu](?:ß|ss)en\b|\bsehr geehrte/im,
      3,
    ],
    [/\bre:\s|\bwe are writing\b|\bI am writing\b|\bthis letter\b/i, 1.5],
  ],
};

export function classifyDocType(lines: Line[]): DocType | null {
  const text = lines.map((l) => l.text).join('\n');
  if (text.replace(/\s/g, '').length < 20) return null;
  const firstPage = lines.filter((l) => l.page === lines[0]?.page);
  const maxSize = Math.max(0, ...firstPage.map((l) => l.size ?? 0));
  const title = firstPage
    .filter((l, i) => i < 12 || (maxSize > 0 && (l.size ?? 0) >= maxSize * 0.9))
    .map((l) => l.text)
    .join('\n');
  const scores = Object.entries(CUES).map(([type, cues]) => {
    let score = 0;
    for (const [re, w] of cues) {
      if (re.test(text)) score += w;
      if (re.test(title)) score += w;
    }
    return { type: type as DocType, score };
  });
  scores.sort((a, b) => b.score - a.score);
  const [best, second] = scores;
  if (best.score < 6) return 'other';
  if (second && second.score > best.score * 0.8) return 'other';
  return best.type;
}
