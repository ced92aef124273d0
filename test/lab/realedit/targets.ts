/**
 * Which printed figure a forger of a real document changes: the figure the document states as
 * its bottom line (total, amount due, closing balance, net pay), else a subtotal or tax line,
 * found from the text as `pdftotext -layout` lays it out.
 */

export interface Target {
  /** The amount as printed (digits and separators). */
  amount: string;
  /** The label on its line (or the line above) that made it a target. */
  label: string;
  /** 0-based page. */
  page: number;
  /** Lower is preferred. */
  rank: number;
}

/** Labels of the figure a document states as its result, strongest first, in the languages of the corpus. */
const LABELS: ReadonlyArray<RegExp> = [
  /\b(amount|balance|total)\s+(now\s+)?(due|payable|owing|to pay)\b|\bgrand\s+total\b|\bpay\s+this\s+amount\b|\bnet\s+pay\b|\bnet\s+amount\b|\b(closing|ending|new)\s+balance\b|\btotal\s+ttc\b|\bnet\s+[àa]\s+payer\b|\b(zahlbetrag|gesamtbetrag|rechnungsbetrag|endbetrag|bruttobetrag)\b|\bzu\s+zahlen\b|\bmontant\s+(total|d[uû])\b/i,
  /\btotal\b|\bgesamt\b|\bsumme\b|\btotale\b|\bimporte\b|\bbalance\b/i,
  /\bsub-?\s?total\b|\bzwischensumme\b|\bnetto(betrag)?\b|\bsous-total\b|\bgross\s+pay\b|\bdeductions\b/i,
  /\b(vat|tax|gst|hst|mwst|ust|tva|iva)\b|\bumsatzsteuer\b|\bmehrwertsteuer\b/i,
];

/** A money figure: two decimals, optional thousands groups (comma, dot, apostrophe, one space). */
const AMOUNT = /(?<![\d.,'])\d{1,3}(?:([,.']|\s(?=\d{3}\b))\d{3})*[.,]\d{2}(?![\d])|(?<![\d.,'])\d{4,}[.,]\d{2}(?!\d)/g;

function amountsIn(line: string, from = 0): Array<{ text: string; at: number }> {
  return [...line.slice(from).matchAll(AMOUNT)].map((m) => ({ text: m[0], at: from + m.index }));
}

/**
 * Candidate figures of a document's `pdftotext -layout` text, best first: per label rank, the
 * last amount to the right of the label on its line, else the first amount on the next line.
 */
export function findTargets(layoutText: string): Target[] {
  const out: Target[] = [];
  const seen = new Set<string>();
  const pages = layoutText.split('\f');
  pages.forEach((pageText, page) => {
    const lines = pageText.split('\n');
    lines.forEach((line, i) => {
      const rank = LABELS.findIndex((re) => re.test(line));
      if (rank < 0) return;
      const m = LABELS[rank].exec(line)!;
      const right = amountsIn(line, m.index + m[0].length);
      const pick = right.length ? right[right.length - 1] : amountsIn(lines[i + 1] ?? '')[0];
      if (!pick || /^0+[.,]00$/.test(pick.text)) return;
      out.push({ amount: pick.text, label: m[0].replace(/\s+/g, ' ').toLowerCase(), page, rank });
    });
  });
  // Per rank, the later (lower on the page, later page) figure first, as totals close a document;
  // a figure printed under several labels is kept once, under its best.
  return out
    .map((t, i) => ({ t, i }))
    .sort((a, b) => a.t.rank - b.t.rank || b.i - a.i)
    .map((x) => x.t)
    .filter((t) => {
      const key = `${t.page}:${t.amount}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}
