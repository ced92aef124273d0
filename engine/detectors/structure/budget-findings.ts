/**
 * The findings for what the work budgets refused (engine/read/pdf/structure/decode-budget.ts):
 * streams whose filter chains inflate past the budget or forms drawn so often that their
 * interpretation does, images declaring more pixels than any page holds or than their data can
 * encode, and pages whose content nests or counts operators past what a reader can bear. Each
 * refused part was left out of the analysis; the finding says which, and by how much.
 */
import type { BudgetedBytes } from '../../read/pdf/structure/decode-budget.js';
import type { FindingFor } from '../define.js';
import { STRENGTH } from '../strengths.js';

export const BUDGET_CODES = ['decompression_budget', 'image_over_budget', 'content_over_budget'] as const;

type BudgetFinding = FindingFor<'structural_anomaly', (typeof BUDGET_CODES)[number]>;

const MB = (n: number) => `${Math.round(n / 1024 / 1024)} MB`;
const list = (items: string[]) => `${items.slice(0, 5).join(', ')}${items.length > 5 ? ', …' : ''}`;

export function budgetFindings(budgeted: BudgetedBytes | null): BudgetFinding[] {
  if (!budgeted) return [];
  const out: BudgetFinding[] = [];
  const { refused, images, pages } = budgeted;
  if (refused.length > 0) {
    const objects = refused.map((r) => r.object ?? `stream at offset ${r.offset}`);
    const first = refused[0];
    const how =
      first.why === 'repeated_use'
        ? `a form drawn ${first.uses} times${first.decodedAtLeast ? `, ${MB(first.decodedAtLeast)} to interpret` : ''}`
        : `${Math.round(first.compressedBytes / 1024)} KB through ${first.filters.join(' > ') || 'no filter'} to more than ${MB(first.decodedAtLeast)}`;
    const limit = first.budgetUnit === 'draws' ? `${first.budget} form draws per page` : MB(first.budget);
    out.push({
      flag: 'structural_anomaly',
      code: 'structural_anomaly.decompression_budget',
      summary: `${refused.length} stream(s) (${list(objects)}) ask far more decoding than any real document (${how}; budget ${limit}): a resource bomb, left out of the analysis; the rest of the file was read.`,
      pages: [],
      evidence: { streams: refused.slice(0, 20) },
      strength: STRENGTH['structural_anomaly.decompression_budget'],
    });
  }
  if (images.length > 0) {
    const first = images[0];
    out.push({
      flag: 'structural_anomaly',
      code: 'structural_anomaly.image_over_budget',
      summary: `${images.length} image(s) (${list(images.map((i) => i.object ?? `offset ${i.offset}`))}) declare ${first.width}x${first.height} pixels (${MB(first.declaredBytes)} decoded) over ${Math.round(first.dataBytes / 1024)} KB of ${first.filters.join(' > ') || 'raw'} data: ${first.why === 'data_cannot_hold_image' ? 'more than the data can encode' : 'beyond any page image'}, a resource bomb; left out of the analysis.`,
      pages: [],
      evidence: { images: images.slice(0, 20) },
      strength: STRENGTH['structural_anomaly.image_over_budget'],
    });
  }
  if (pages.length > 0) {
    const first = pages[0];
    out.push({
      flag: 'structural_anomaly',
      code: 'structural_anomaly.content_over_budget',
      summary: `${pages.length} page(s) (${list(pages.map((p) => String(p.page)))}) ask more work than any real page: ${first.operators} operators and graphics states nested ${first.maxDepth} deep (budget ${first.budget.maxOperators} operators, depth ${first.budget.maxDepth}); their content was left out of text extraction.`,
      pages: pages.map((p) => p.page),
      evidence: { pages: pages.slice(0, 20) },
      strength: STRENGTH['structural_anomaly.content_over_budget'],
    });
  }
  return out;
}
