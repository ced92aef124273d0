/** The real-layout edits report: caught, twins flagged, and why each missed edit was missed. */
import { isFlagged, type Outcome } from '../eval/outcome.js';

export interface RealEditCase {
  name: string;
  repo: string;
  doc: string;
  split: string;
  editable: boolean;
  /** Why no edit was made (not editable). */
  reason?: string;
  detail?: string;
  /** Folder under the output directory holding `twin/` and `edit/`. */
  dir?: string;
  label?: string;
  before?: string;
  after?: string;
  /** 1-based page of the changed figure. */
  page?: number;
  twin?: Outcome;
  edit?: Outcome;
  /** The untouched file, when the run analysed it too (--originals). */
  original?: Outcome;
}

const pct = (n: number, d: number) => (d ? `${Math.round((100 * n) / d)} %` : '-');

const codes = (o?: Outcome) => new Set((o?.reasons ?? []).map((r) => r.replace(/ \(.*\)$/, '')));

/** Arithmetic findings the edit has and its twin has not: the relation the edit broke, seen. */
export function newArithmetic(c: RealEditCase): string[] {
  const twin = codes(c.twin);
  return [...codes(c.edit)].filter((r) => /^arithmetic/.test(r) && !twin.has(r));
}

export type MissKind = 'not checked' | 'ran, saw nothing' | 'analysis failed';

export function missKind(c: RealEditCase): MissKind {
  if (c.edit?.status !== 'ok') return 'analysis failed';
  return c.edit.not_checked?.length ? 'not checked' : 'ran, saw nothing';
}

interface Row {
  key: string;
  sources: number;
  editable: number;
  caught: number;
  caughtTwinClear: number;
  arithmetic: number;
  twins: number;
  notChecked: number;
  sawNothing: number;
}

function tally(key: string, cases: readonly RealEditCase[]): Row {
  const ed = cases.filter((c) => c.editable && c.edit && c.twin);
  const missed = ed.filter((c) => !isFlagged(c.edit!));
  return {
    key,
    sources: cases.length,
    editable: ed.length,
    caught: ed.length - missed.length,
    caughtTwinClear: ed.filter((c) => isFlagged(c.edit!) && !isFlagged(c.twin!)).length,
    arithmetic: ed.filter((c) => newArithmetic(c).length > 0).length,
    twins: ed.filter((c) => isFlagged(c.twin!)).length,
    notChecked: missed.filter((c) => missKind(c) === 'not checked').length,
    sawNothing: missed.filter((c) => missKind(c) === 'ran, saw nothing').length,
  };
}

function table(head: string, rows: readonly Row[]): string {
  const w = Math.max(head.length, ...rows.map((r) => r.key.length));
  const cols = ['sources', 'editable', 'edit caught', 'twin unflagged', 'arith. new', 'twin flagged', 'miss: not checked', 'miss: saw nothing'];
  const out = [[head.padEnd(w), ...cols].join('  ')];
  for (const r of rows) {
    const cells = [
      String(r.sources),
      String(r.editable),
      `${r.caught} ${pct(r.caught, r.editable)}`,
      String(r.caughtTwinClear),
      String(r.arithmetic),
      String(r.twins),
      String(r.notChecked),
      String(r.sawNothing),
    ];
    out.push([r.key.padEnd(w), ...cells.map((c, i) => c.padStart(cols[i].length))].join('  '));
  }
  return out.join('\n');
}

function groupRows(cases: readonly RealEditCase[], keyOf: (c: RealEditCase) => string): Row[] {
  const groups = new Map<string, RealEditCase[]>();
  for (const c of cases) groups.set(keyOf(c), [...(groups.get(keyOf(c)) ?? []), c]);
  return [...groups].sort(([a], [b]) => a.localeCompare(b)).map(([k, v]) => tally(k, v));
}

const SPLITS = ['tune', 'validate', 'test'];

export function renderRealEditReport(cases: readonly RealEditCase[]): string {
  const lines: string[] = [];
  const held = cases.filter((c) => c.split !== 'tune');
  lines.push(
    'per split (edit caught = suspicious or worse; twin unflagged = caught, its twin not suspicious or worse; arith. new = an arithmetic finding the twin has not)',
  );
  lines.push(
    table('split', [
      ...SPLITS.map((s) =>
        tally(
          s,
          cases.filter((c) => c.split === s),
        ),
      ).filter((r) => r.sources),
      tally('validate+test', held),
      tally('all', cases),
    ]),
  );
  lines.push('\nper doc type, validate + test');
  lines.push(
    table(
      'doc',
      groupRows(held, (c) => c.doc),
    ),
  );
  lines.push('\nper doc type, tune');
  lines.push(
    table(
      'doc',
      groupRows(
        cases.filter((c) => c.split === 'tune'),
        (c) => c.doc,
      ),
    ),
  );
  lines.push('\nper source repository');
  lines.push(
    table(
      'repository [split]',
      groupRows(cases, (c) => `${c.repo} [${c.split}]`),
    ),
  );
  const reasons = new Map<string, number>();
  for (const c of cases.filter((x) => !x.editable)) reasons.set(c.reason!, (reasons.get(c.reason!) ?? 0) + 1);
  lines.push(`\nnot editable: ${[...reasons].map(([r, n]) => `${n} ${r}`).join(', ') || 'none'}`);
  const twins = cases.filter((c) => c.twin && isFlagged(c.twin));
  lines.push(`\ntwins flagged (${twins.length})`);
  for (const c of twins) lines.push(`  [${c.split}] ${c.doc} ${c.name}: ${c.twin!.decision} ${c.twin!.risk_score} ${(c.twin!.reasons ?? []).join(', ')}`);
  const withOriginal = cases.filter((c) => c.original && c.twin);
  if (withOriginal.length) {
    const moved = withOriginal.filter((c) => c.original!.decision !== c.twin!.decision);
    lines.push(`\noriginals analysed: ${withOriginal.length}; twin's decision differs from the original's on ${moved.length}`);
    for (const c of moved)
      lines.push(`  ${c.name}: original ${c.original!.decision} ${c.original!.risk_score}, twin ${c.twin!.decision} ${c.twin!.risk_score}`);
  }
  lines.push('\n' + renderMisses(cases));
  return lines.join('\n');
}

/** The missed edits, one line each, with what the arithmetic readers did: the readers' work list. */
export function renderMisses(cases: readonly RealEditCase[], heading?: string): string {
  const missed = cases.filter((c) => c.editable && c.edit && !isFlagged(c.edit));
  const lines = [`# Real-layout edits missed (${missed.length} of ${cases.filter((c) => c.editable && c.edit).length} edits)`];
  const kinds = new Map<string, number>();
  for (const c of missed) {
    const k = `${missKind(c)}, read as ${c.edit!.extracted?.doc_type ?? '?'}`;
    kinds.set(k, (kinds.get(k) ?? 0) + 1);
  }
  lines.push(
    '',
    [...kinds]
      .sort((a, b) => b[1] - a[1])
      .map(([k, n]) => `${n} ${k}`)
      .join('; '),
  );
  if (heading) lines.push('', heading);
  lines.push('', 'Each line: split, doc type, file (../shared/corpus-real), the figure changed (label: before -> after, page),');
  lines.push("the folder of its twin and edit under the run's --out (default .lab/realedit/),");
  lines.push(
    'the edit\'s decision and score, the doc type the engine read, and whether the arithmetic readers said "not checked" (which checks) or ran and saw nothing.',
    '',
  );
  for (const split of SPLITS)
    for (const c of missed.filter((x) => x.split === split)) {
      const kind = missKind(c);
      const why =
        kind === 'not checked'
          ? `not checked: ${c.edit!.not_checked!.join(', ')}`
          : kind === 'analysis failed'
            ? `analysis failed: ${c.edit!.error_code}`
            : 'ran, saw nothing';
      const other = (c.edit!.reasons ?? []).length ? `; other reasons: ${c.edit!.reasons!.join(', ')}` : '';
      // The arithmetic checks run by document type: one read as "other" is never summed.
      const read = c.edit!.extracted?.doc_type ? `; read as ${c.edit!.extracted.doc_type}` : '';
      lines.push(
        `- [${split}] ${c.doc} \`${c.name}\`: "${c.label}" ${c.before} -> ${c.after} (p. ${c.page}); ${c.edit!.decision ?? c.edit!.status} ${c.edit!.risk_score ?? ''}${read}; **${why}**${other}; files \`${c.dir}/{twin,edit}/\``,
      );
    }
  return lines.join('\n');
}
