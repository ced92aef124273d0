/**
 * Places a DocModel on pages: every string gets a baseline position and a measured width, so
 * that all positioned backends (pdfkit, pdf-lib, PostScript) draw the same page and forgers
 * know exactly where a value sits. Coordinates are points from the top-left corner.
 */
import type { BBox } from '../../../engine/types.js';
import type { Block, DocModel, KeyValue } from '../model/types.js';
import type { FontFace } from './fonts.js';
import { textWidth } from './measure.js';

export interface TextItem {
  kind: 'text';
  text: string;
  x: number;
  /** Baseline, from the top of the page. */
  baseline: number;
  size: number;
  bold: boolean;
  width: number;
  align: 'left' | 'right';
  key?: string;
}

export interface LineItem {
  kind: 'line';
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

export interface PageLayout {
  items: Array<TextItem | LineItem>;
}

export interface Layout {
  width: number;
  height: number;
  face: FontFace;
  pages: PageLayout[];
}

/** The box a text item covers, in points from the top-left: [x0, top, x1, bottom]. */
export function itemBox(item: TextItem): [number, number, number, number] {
  return [item.x, item.baseline - item.size * 0.8, item.x + item.width, item.baseline + item.size * 0.25];
}

export function itemBBox(item: TextItem, layout: Layout): BBox {
  const [x0, y0, x1, y1] = itemBox(item);
  return [x0 / layout.width, y0 / layout.height, x1 / layout.width, y1 / layout.height];
}

export function findItem(layout: Layout, key: string): { page: number; item: TextItem } | null {
  for (let p = 0; p < layout.pages.length; p++) {
    for (const it of layout.pages[p].items) if (it.kind === 'text' && it.key === key) return { page: p, item: it };
  }
  return null;
}

class Flow {
  pages: PageLayout[] = [];
  cursor = 0;
  constructor(
    readonly model: DocModel,
    readonly face: FontFace,
    readonly width: number,
    readonly height: number,
    readonly margin: number,
    readonly roll: boolean,
    readonly overrides: ReadonlyMap<string, string>,
  ) {}

  get page(): PageLayout {
    return this.pages[this.pages.length - 1];
  }

  text(text: string, x: number, baseline: number, size: number, opts: { bold?: boolean; align?: 'left' | 'right'; key?: string } = {}): void {
    const shown = opts.key && this.overrides.has(opts.key) ? this.overrides.get(opts.key)! : text;
    if (!shown) return;
    const bold = opts.bold ?? false;
    const width = textWidth(this.face, bold, size, shown);
    const left = opts.align === 'right' ? x - width : x;
    this.page.items.push({ kind: 'text', text: shown, x: left, baseline, size, bold, width, align: opts.align ?? 'left', key: opts.key });
  }

  line(x0: number, y0: number, x1: number, y1: number): void {
    this.page.items.push({ kind: 'line', x0, y0, x1, y1 });
  }

  newPage(): void {
    this.pages.push({ items: [] });
    if (this.pages.length > 1) {
      this.text(this.model.issuer.name, this.margin, this.margin + 10, 9, { bold: true });
      this.text(`${this.model.title} (continued)`, this.width - this.margin, this.margin + 10, 9, { align: 'right' });
      this.cursor = this.margin + 36;
    }
  }

  /** Starts a new page when fewer than `needed` points remain above the footer. */
  ensure(needed: number): boolean {
    if (this.roll || this.cursor + needed <= this.height - this.margin - 24) return false;
    this.newPage();
    return true;
  }
}

function header(f: Flow): void {
  const { model, margin: m, width: w } = f;
  const narrow = f.roll;
  f.text(model.issuer.name, m, m + 14, narrow ? 12 : 15, { bold: true });
  let y = m + 28;
  for (const line of model.issuer.addressLines) {
    f.text(line, m, y, 8);
    y += 10;
  }
  if (narrow) {
    y += 6;
    f.text(model.title.toUpperCase(), m, y, 10, { bold: true });
    y += 16;
    for (const kv of model.meta) {
      f.text(kv.label, m, y, 8);
      f.text(kv.value, w - m, y, 8, { align: 'right', key: kv.key });
      y += 11;
    }
    f.cursor = y + 8;
    return;
  }
  f.text(model.title, w - m, m + 14, 14, { bold: true, align: 'right' });
  const top = m + 100;
  let left = top;
  if (model.recipient) {
    const r = model.recipient;
    f.text(r.name, m, left, 10, { key: r.nameKey });
    left += 13;
    r.addressLines.forEach((line, i) => {
      f.text(line, m, left, 10, { key: `${r.addressKey}.${i}` });
      left += 13;
    });
  }
  let right = top;
  const col = w / 2 + 20;
  for (const kv of model.meta) {
    f.text(kv.label, col, right, 9);
    f.text(kv.value, w - m, right, 9, { align: 'right', key: kv.key });
    right += 13;
  }
  f.cursor = Math.max(left, right) + 22;
}

function tableHeader(f: Flow, block: Extract<Block, { kind: 'table' }>, xs: number[], widths: number[]): void {
  block.columns.forEach((c, i) => {
    const x = c.align === 'right' ? xs[i] + widths[i] : xs[i];
    f.text(c.title, x, f.cursor, 9, { bold: true, align: c.align });
  });
  f.line(f.margin, f.cursor + 4, f.width - f.margin, f.cursor + 4);
  f.cursor += 16;
}

function table(f: Flow, block: Extract<Block, { kind: 'table' }>): void {
  const content = f.width - 2 * f.margin;
  const widths = block.columns.map((c) => c.width * content);
  const xs: number[] = [];
  widths.reduce((x, wd) => (xs.push(x), x + wd), f.margin);
  const size = f.roll ? 8 : 9;
  f.ensure(40);
  tableHeader(f, block, xs, widths);
  for (const row of block.rows) {
    if (f.ensure(14)) tableHeader(f, block, xs, widths);
    row.forEach((cell, i) => {
      const c = block.columns[i];
      const x = c.align === 'right' ? xs[i] + widths[i] - 2 : xs[i];
      f.text(cell.text, x, f.cursor, size, { align: c.align, key: cell.key });
    });
    f.cursor += f.roll ? 12 : 13.5;
  }
  f.cursor += 6;
}

function totals(f: Flow, rows: KeyValue[]): void {
  const valueX = f.width - f.margin;
  const labelX = f.roll ? f.margin : valueX - 130;
  for (const row of rows) {
    f.ensure(16);
    f.text(row.label, labelX, f.cursor, 9, { bold: row.bold, align: f.roll ? 'left' : 'right' });
    f.text(row.value, valueX, f.cursor, 9, { bold: row.bold, align: 'right', key: row.key });
    f.cursor += 14;
  }
  f.cursor += 8;
}

export function layoutDocument(model: DocModel, face: FontFace, overrides: ReadonlyMap<string, string> = new Map()): Layout {
  const roll = model.docType === 'receipt';
  const margin = roll ? 14 : 50;
  const f = new Flow(model, face, model.pageSize.width, roll ? 10_000 : model.pageSize.height, margin, roll, overrides);
  f.newPage();
  header(f);
  for (const block of model.blocks) {
    switch (block.kind) {
      case 'section':
        f.ensure(40);
        f.text(block.title, f.margin, f.cursor + 4, 11, { bold: true });
        f.cursor += 20;
        break;
      case 'table':
        table(f, block);
        break;
      case 'totals':
        totals(f, block.rows);
        break;
      case 'note':
        f.ensure(20);
        f.text(block.text, f.margin, f.cursor + 6, roll ? 7 : 8.5);
        f.cursor += 20;
        break;
    }
  }
  const height = roll ? Math.max(model.pageSize.height, f.cursor + 40) : model.pageSize.height;
  const total = f.pages.length;
  f.pages.forEach((page, i) => {
    const y = height - margin + (roll ? 10 : 24);
    page.items.push({
      kind: 'text',
      text: model.footer,
      x: margin,
      baseline: y,
      size: roll ? 6 : 7,
      bold: false,
      align: 'left',
      width: textWidth(face, false, roll ? 6 : 7, model.footer),
    });
    if (!roll) {
      const label = `Page ${i + 1} of ${total}`;
      const wd = textWidth(face, false, 7, label);
      page.items.push({ kind: 'text', text: label, x: f.width - margin - wd, baseline: y, size: 7, bold: false, align: 'right', width: wd });
    }
  });
  return { width: f.width, height, face, pages: f.pages };
}
