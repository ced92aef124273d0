/**
 * The money figures printed on the lines an arithmetic finding was computed from (its own line
 * and its `operands`), for the e-invoice check (einvoice.ts `agreeingWithInvoice`): a finding is
 * the issuer's own data only when every figure of the relation is one the attached XML states.
 */
import type { Line } from '../../../read/extract/layout.js';
import type { DocModel } from '../../../read/extract/model.js';
import type { BBox } from '../../../types.js';
import { moneyCells } from '../amounts.js';
import type { ArithmeticFinding } from './emits.js';

const key = (page: number, bbox: BBox): string => `${page}:${bbox.join(',')}`;

export function operandFigures(model: DocModel): (f: ArithmeticFinding) => number[] {
  const byBox = new Map<string, Line>();
  for (const l of model.lines) if (l.bbox) byBox.set(key(l.page, l.bbox), l);
  return (f) => {
    const boxes = [...(f.evidence.operands ?? [])];
    if (f.evidence.page !== undefined && f.evidence.bbox) boxes.push({ page: f.evidence.page, bbox: f.evidence.bbox });
    const found = boxes.map((b) => byBox.get(key(b.page, b.bbox))).filter((l): l is Line => l !== undefined);
    // A totals walk names its first and last line (subtotal, total): the tax and charges it added
    // sit between them on the page, and are figures of the relation too.
    const at = found.map((l) => model.lines.indexOf(l));
    const samePage = found.every((l) => l.page === found[0]?.page);
    const lines = samePage && found.length ? model.lines.slice(Math.min(...at), Math.max(...at) + 1) : found;
    return lines.flatMap((l) => moneyCells(l, model.style).map((m) => m.amount.value));
  };
}
