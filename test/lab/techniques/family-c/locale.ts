/**
 * Issuing systems that print dates the ISO way (YYYY-MM-DD, common in Nordic and ERP output):
 * the same document with every short date rewritten, so family C covers the third date order
 * beside the issuers' DD/MM/YYYY, DD.MM.YYYY, MM/DD/YYYY and "31 Jan 2025".
 */
import type { Country } from '../../data/people.js';
import type { Block, DocModel, EditTarget } from '../../model/types.js';

const MON = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const pad = (n: number) => String(n).padStart(2, '0');

/** Every short date of `country`'s form in `text`, rewritten as YYYY-MM-DD. */
export function isoDatesIn(text: string, country: Country): string {
  switch (country) {
    case 'GB':
    case 'IE':
      return text.replace(
        /\b(\d{2}) (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) (\d{4})\b/g,
        (_, d: string, m: string, y: string) => `${y}-${pad(MON.indexOf(m) + 1)}-${d}`,
      );
    case 'DE':
      return text.replace(/\b(\d{2})\.(\d{2})\.(\d{4})\b/g, '$3-$2-$1');
    case 'FR':
      return text.replace(/\b(\d{2})\/(\d{2})\/(\d{4})\b/g, '$3-$2-$1');
    case 'US':
      return text.replace(/\b(\d{2})\/(\d{2})\/(\d{4})\b/g, '$3-$1-$2');
  }
}

/** The model as an ISO-dating system prints it; the edits follow (a re-dated value stays ISO). */
export function withIsoDates(model: DocModel): DocModel {
  const f = (s: string) => isoDatesIn(s, model.issuer.country);
  const blocks = model.blocks.map((b): Block => {
    if (b.kind === 'table') return { ...b, rows: b.rows.map((row) => row.map((c) => ({ ...c, text: f(c.text) }))) };
    if (b.kind === 'totals') return { ...b, rows: b.rows.map((r) => ({ ...r, value: f(r.value) })) };
    if (b.kind === 'note') return { ...b, text: f(b.text) };
    return b;
  });
  const edits = model.edits.map((e): EditTarget => (e.target === 'date' ? { ...e, before: f(e.before), after: f(e.after) } : e));
  return { ...model, meta: model.meta.map((kv) => ({ ...kv, value: f(kv.value) })), blocks, edits };
}
