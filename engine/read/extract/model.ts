/**
 * The reading of a document shared by extraction and the content detectors: lines and cells,
 * number style, date order, currency. Built once per document by the fact store (engine/facts,
 * fact `textModel`), which extraction and the content detectors share.
 */
import type { PageLayer } from '../pdf/text/types.js';
import { inferDateOrder, type DateOrder } from './dates.js';
import { documentLines, type Line } from './layout.js';
import { detectCurrency, regionDateOrder } from './locale.js';
import { inferNumberStyle, type NumberStyle } from './numbers.js';

export interface DocModel {
  lines: Line[];
  text: string;
  style: NumberStyle;
  dateOrder: DateOrder;
  currency: string | null;
}

export function buildModel(pages: PageLayer[], text: string): DocModel {
  const lines = documentLines(pages, text);
  const joined = text || lines.map((l) => l.text).join('\n');
  const currency = detectCurrency(joined);
  const model: DocModel = {
    lines,
    text: joined,
    style: inferNumberStyle(joined),
    dateOrder: inferDateOrder(joined, regionDateOrder(joined, currency)),
    currency,
  };
  return model;
}
