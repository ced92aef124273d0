/**
 * Every reason a detector declares has a fixture that fires it: walks the registry and, for each
 * declared `<flag>.<detail>`, looks for an `invalid` case of the detector tester listing it.
 * Since the tester matches reasons exactly, a listed reason is one the case's run produced.
 * Cases are read from the test sources (TypeScript's parser, not regular expressions) because
 * each test file runs in its own worker; cases built from corpus files do not count, as a
 * user's clone has no corpus: the proof must be a document the test builds itself.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { DETECTORS } from '../../engine/detect/registry.js';
import { REPO_ROOT } from '../support/environment.js';

const TEST_DIR = join(REPO_ROOT, 'test', 'engine');

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? testFiles(join(dir, e.name)) : e.name.endsWith('.test.ts') ? [join(dir, e.name)] : []));
}

const propertyNamed = (o: ts.ObjectLiteralExpression, name: string) =>
  o.properties.find((p): p is ts.PropertyAssignment => ts.isPropertyAssignment(p) && ts.isIdentifier(p.name) && p.name.text === name);

/** A case whose document comes from the shared corpus rather than from the test itself. */
function usesCorpus(o: ts.ObjectLiteralExpression, source: ts.SourceFile): boolean {
  const needs = propertyNamed(o, 'needs');
  if (needs && /corpus/.test(needs.initializer.getText(source))) return true;
  const input = propertyNamed(o, 'input');
  return !!input && /corpus/i.test(input.initializer.getText(source));
}

/** Reason code -> test files with a self-built case listing it. */
function firedReasons(): Map<string, string[]> {
  const fired = new Map<string, string[]>();
  for (const file of testFiles(TEST_DIR)) {
    const text = readFileSync(file, 'utf8');
    if (!text.includes('testDetector(')) continue;
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node): void => {
      if (ts.isObjectLiteralExpression(node)) {
        const reasons = propertyNamed(node, 'reasons');
        if (reasons && ts.isArrayLiteralExpression(reasons.initializer) && !usesCorpus(node, source)) {
          for (const el of reasons.initializer.elements) {
            if (ts.isStringLiteralLike(el)) fired.set(el.text, [...(fired.get(el.text) ?? []), relative(REPO_ROOT, file)]);
          }
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return fired;
}

describe('every declared reason has a fixture that fires it', () => {
  const fired = firedReasons();
  it('the scan finds the tester cases (it can fail)', () => {
    expect(fired.size).toBeGreaterThan(50);
  });
  for (const d of DETECTORS) {
    it(d.meta.id, () => {
      const declared = d.meta.emits.flatMap((e) => e.reasons.map((r) => `${e.flag}.${r}`));
      expect(declared.filter((code) => !fired.has(code)), 'declared reasons with no self-built firing fixture').toEqual([]);
    });
  }
});
