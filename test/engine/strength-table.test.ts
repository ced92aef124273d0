/**
 * Strengths live in one table (engine/detectors/strengths.ts). This keeps the table and the
 * detectors in step: every reason a detector declares has its strengths there and the table holds
 * nothing else; no engine module sets a strength as a bare number (the TypeScript parser reads
 * each `strength:` property, `strength` variable and `finding(...)` strength argument); and the
 * calibration's hand column is what its generator writes from the table.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { DETECTORS } from '../../engine/detectors/index.js';
import { STRENGTH, strengthValues } from '../../engine/detectors/strengths.js';
import { FITTED_STRENGTHS } from '../../engine/scoring/calibration.generated.js';
import { renderGeneratedTs } from '../lab/calibrate/render.js';
import type { Fit } from '../lab/calibrate/fit.js';
import { REPO_ROOT } from '../support/environment.js';

const ENGINE = join(REPO_ROOT, 'engine');
/** Where a number may stand for a strength: the table itself and the scorer's own scale. */
const OWNERS = new Set(['engine/detectors/strengths.ts']);
const OWNER_DIRS = ['engine/scoring/'];

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
}

/**
 * Whether an expression can evaluate to a number written in it: the branches of a conditional
 * count, its condition does not (`days > 30 ? S.far : S.near` takes no strength from 30).
 */
function setsNumber(node: ts.Expression): boolean {
  if (ts.isNumericLiteral(node)) return true;
  if (ts.isParenthesizedExpression(node) || ts.isAsExpression(node)) return setsNumber(node.expression);
  if (ts.isConditionalExpression(node)) return setsNumber(node.whenTrue) || setsNumber(node.whenFalse);
  if (ts.isPrefixUnaryExpression(node)) return setsNumber(node.operand);
  if (ts.isBinaryExpression(node)) return setsNumber(node.left) || setsNumber(node.right);
  if (ts.isCallExpression(node)) return node.arguments.some(setsNumber);
  return false;
}

/** Places in one source that set a strength from a bare number, as `file:line`. */
export function bareStrengths(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const out: string[] = [];
  const at = (n: ts.Node) => `${file}:${source.getLineAndCharacterOfPosition(n.getStart(source)).line + 1}`;
  const visit = (n: ts.Node): void => {
    if (ts.isPropertyAssignment(n) && n.name.getText(source) === 'strength' && setsNumber(n.initializer)) out.push(at(n));
    if (ts.isVariableDeclaration(n) && n.name.getText(source) === 'strength' && n.initializer && setsNumber(n.initializer)) out.push(at(n));
    // content/evidence.ts `finding(flag, detail, summary, line, strength, ...)`
    if (ts.isCallExpression(n) && n.expression.getText(source) === 'finding' && n.arguments.length >= 5 && setsNumber(n.arguments[4])) out.push(at(n));
    ts.forEachChild(n, visit);
  };
  visit(source);
  return out;
}

describe('the strength table', () => {
  const declared = new Set(DETECTORS.flatMap((d) => d.meta.emits.flatMap((e) => e.reasons.map((r) => `${e.flag}.${r}`))));

  it('has strengths for every declared reason and for nothing else', () => {
    const table = new Set(Object.keys(STRENGTH));
    expect(
      [...declared].filter((c) => !table.has(c)),
      'declared but without strengths',
    ).toEqual([]);
    expect(
      [...table].filter((c) => !declared.has(c)),
      'in the table but declared by no detector',
    ).toEqual([]);
  });

  it('holds strengths in (0, 1]', () => {
    for (const [code, s] of Object.entries(STRENGTH)) for (const v of strengthValues(s)) expect(v > 0 && v <= 1, `${code}: ${v}`).toBe(true);
  });

  it('is the only place an engine module takes a strength from', () => {
    const found = sources(ENGINE)
      .map((f) => relative(REPO_ROOT, f).split('\\').join('/'))
      .filter((f) => !OWNERS.has(f) && !OWNER_DIRS.some((d) => f.startsWith(d)))
      .flatMap((f) => bareStrengths(f, readFileSync(join(REPO_ROOT, f), 'utf8')));
    expect(found).toEqual([]);
  });

  it('sees a bare strength where one is written', () => {
    const text =
      "const a = { strength: 0.4 };\nconst strength = x ? 0.3 : S.y;\nfinding('f', 'd', 's', line, 0.6, {});\nconst b = { strength: n > 30 ? S.z : S.w };\nconst c = { strength: Math.min(f.strength, 0.05) };";
    expect(bareStrengths('x.ts', text)).toEqual(['x.ts:1', 'x.ts:2', 'x.ts:3', 'x.ts:5']);
  });
});

describe('the calibration hand column', () => {
  it('names only declared reasons', () => {
    expect(Object.keys(FITTED_STRENGTHS).filter((c) => !(c in STRENGTH))).toEqual([]);
  });

  it('is what the generator writes from the strength table', () => {
    const fit = { table: FITTED_STRENGTHS } as unknown as Fit;
    expect(renderGeneratedTs(fit, true)).toBe(readFileSync(join(ENGINE, 'scoring', 'calibration.generated.ts'), 'utf8'));
  });
});
