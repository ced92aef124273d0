/**
 * A forgery of a real document that leaves as little structural trace as a careful forger can:
 * qpdf --qdf, one digit of one printed figure rewritten in its content stream with a code the
 * same font already shows, fix-qdf, qpdf writing the file whole (no incremental update). The
 * genuine twin takes the same route without the edit, so the two differ in that digit only.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { editShownDigit, type DigitEdit } from '../pdf/shown-text.js';
import { run, withTempDir } from '../util/exec.js';
import { findTargets, type Target } from './targets.js';

export type EditResult = { ok: true; twin: Uint8Array; edited: Uint8Array; target: Target; edit: DigitEdit } | { ok: false; reason: string; detail?: string };

/**
 * The lab's qpdf route (render/transforms.ts) with `--warning-exit-0`: real files often carry
 * damage qpdf repairs with a warning (an object at offset 0, a short stream), and a forger's
 * qpdf writes them all the same.
 */
export function toQdf(input: Uint8Array): Promise<Uint8Array> {
  return withTempDir(async (dir) => {
    await writeFile(join(dir, 'in.pdf'), input);
    await run('qpdf', ['--warning-exit-0', '--qdf', '--object-streams=disable', '--deterministic-id', join(dir, 'in.pdf'), join(dir, 'q.pdf')]);
    return new Uint8Array(await readFile(join(dir, 'q.pdf')));
  });
}

/** fix-qdf, then qpdf writes the file whole, compressed: no incremental update, no QDF marks. */
export function fromQdf(qdf: Uint8Array): Promise<Uint8Array> {
  return withTempDir(async (dir) => {
    await writeFile(join(dir, 'e.pdf'), qdf);
    // fix-qdf only writes to stdout, which must stay binary: let the shell redirect it.
    await run('sh', ['-c', 'fix-qdf "$1" > "$2"', 'fix-qdf', join(dir, 'e.pdf'), join(dir, 'f.pdf')]);
    await run('qpdf', ['--warning-exit-0', '--compress-streams=y', '--object-streams=preserve', '--deterministic-id', join(dir, 'f.pdf'), join(dir, 'o.pdf')]);
    return new Uint8Array(await readFile(join(dir, 'o.pdf')));
  });
}

/** Text as poppler extracts it (`-layout` keeps label and figure on one line). */
export async function pdfText(bytes: Uint8Array, layout: boolean): Promise<string> {
  return withTempDir(async (dir) => {
    await writeFile(join(dir, 'f.pdf'), bytes);
    const { stdout } = await run('pdftotext', [layout ? '-layout' : '-raw', '-enc', 'UTF-8', join(dir, 'f.pdf'), '-'], { timeoutMs: 60_000 });
    return stdout;
  });
}

/**
 * Characters at which two extractions differ, when they are the same length; null when the
 * lengths differ (the edit moved text, or showed something else).
 */
export function textDiff(a: string, b: string): Array<{ at: number; was: string; now: string }> | null {
  if (a.length !== b.length) return null;
  const out: Array<{ at: number; was: string; now: string }> = [];
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) out.push({ at: i, was: a[i], now: b[i] });
  return out;
}

/** One digit of the figure at `target`, checked by re-extracting the text of both files. */
export async function editOneDigit(qdf: Uint8Array, twin: Uint8Array, twinText: string, target: Target): Promise<EditResult> {
  const patched = await editShownDigit(qdf, target.amount, target.page);
  if (!patched) return { ok: false, reason: 'not found in an editable string' };
  const edited = await fromQdf(patched.bytes);
  const diff = textDiff(twinText, await pdfText(edited, false));
  if (!diff || diff.length !== 1 || !/\d/.test(diff[0].was) || !/\d/.test(diff[0].now))
    return { ok: false, reason: 'text check failed', detail: diff ? `${diff.length} characters differ` : 'text length changed' };
  return { ok: true, twin, edited, target, edit: patched.edit };
}

/** The twin and the forgery of one original, or why none could be made. */
/**
 * `bottom`: the document's result first (amount due, total), then subtotal and tax lines;
 * `inner`: only a subtotal, net or tax line (the figure the bottom line is made of).
 */
export type FigureChoice = 'bottom' | 'inner';

export async function makeRealEdit(original: Uint8Array, figure: FigureChoice = 'bottom', maxTries = 6): Promise<EditResult> {
  let qdf: Uint8Array;
  let twin: Uint8Array;
  try {
    qdf = await toQdf(original);
    twin = await fromQdf(qdf);
  } catch (e) {
    return {
      ok: false,
      reason: 'qpdf failed',
      detail: String((e as Error).message)
        .split('\n')[0]
        .slice(0, 160),
    };
  }
  const layout = await pdfText(twin, true);
  // A scan's figures are pixels: this route cannot change them (family C's scan_wrap does).
  if (layout.replace(/\s/g, '').length < 40) return { ok: false, reason: 'no text layer' };
  const targets = findTargets(layout).filter((t) => figure === 'bottom' || t.rank >= 2);
  if (!targets.length) return { ok: false, reason: figure === 'bottom' ? 'no labelled amount in the text' : 'no subtotal, net or tax line' };
  const twinText = await pdfText(twin, false);
  // The reason reported is the best target's: why the document's own bottom line could not be changed.
  let first: EditResult | null = null;
  for (const target of targets.slice(0, maxTries)) {
    let r: EditResult;
    try {
      r = await editOneDigit(qdf, twin, twinText, target);
    } catch (e) {
      r = {
        ok: false,
        reason: 'edit failed',
        detail: String((e as Error).message)
          .split('\n')[0]
          .slice(0, 160),
      };
    }
    if (r.ok) return r;
    first ??= { ...r, detail: `${target.label} ${target.amount}${r.detail ? `: ${r.detail}` : ''}` };
  }
  return first!;
}
