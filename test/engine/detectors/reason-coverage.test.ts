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
import { DETECTORS } from '../../../engine/detectors/index.js';
import { REPO_ROOT } from '../../support/environment.js';

const TEST_DIR = join(REPO_ROOT, 'test', 'engine');

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? testFiles(join(dir, e.name)) : e.name.endsWith('.test.ts') ? [join(dir, e.name)] : [],
  );
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

/**
 * Reasons proven only by corpus files, with why no test can build one: a C2PA manifest is a
 * JUMBF box signed with an X.509 certificate chain the engine validates, and the repository has
 * no signing tool or test certificate. Each must still have a corpus case; the list may only shrink.
 */
const CORPUS_ONLY: ReadonlyMap<string, string> = new Map([
  ['signature_invalidated.c2pa_asset_changed', 'signed C2PA manifest whose asset hash no longer matches'],
  ['signature_invalidated.c2pa_manifest_altered', 'signed C2PA manifest with an assertion changed after signing'],
]);

/**
 * Known gap, reported rather than hidden: a readable manifest whose claim generator is an image
 * generator but that declares no source type. Neither the corpus nor the tests have one yet.
 */
const NOT_YET_PROVEN: ReadonlySet<string> = new Set(['ai_generated.c2pa_generator']);

/** Reason code -> test files with a case listing it, self-built or from the corpus. */
function firedReasons(): { selfBuilt: Map<string, string[]>; corpus: Set<string> } {
  const fired = new Map<string, string[]>();
  const corpus = new Set<string>();
  for (const file of testFiles(TEST_DIR)) {
    const text = readFileSync(file, 'utf8');
    if (!text.includes('testDetector(')) continue;
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node): void => {
      if (ts.isObjectLiteralExpression(node)) {
        const reasons = propertyNamed(node, 'reasons');
        if (reasons && ts.isArrayLiteralExpression(reasons.initializer)) {
          const fromCorpus = usesCorpus(node, source);
          for (const el of reasons.initializer.elements) {
            if (!ts.isStringLiteralLike(el)) continue;
            if (fromCorpus) corpus.add(el.text);
            else fired.set(el.text, [...(fired.get(el.text) ?? []), relative(REPO_ROOT, file)]);
          }
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return { selfBuilt: fired, corpus };
}

describe('every declared reason has a fixture that fires it', () => {
  const { selfBuilt, corpus } = firedReasons();
  it('the scan finds the tester cases (it can fail)', () => {
    expect(selfBuilt.size).toBeGreaterThan(50);
  });
  it('reasons proven only by the corpus have a corpus case and still no self-built one', () => {
    for (const code of CORPUS_ONLY.keys()) {
      expect(corpus.has(code), `${code}: no corpus case`).toBe(true);
      expect(selfBuilt.has(code), `${code} now has a self-built fixture: take it off CORPUS_ONLY`).toBe(false);
    }
  });
  it('known gaps are still gaps (the list may only shrink)', () => {
    for (const code of NOT_YET_PROVEN) expect(selfBuilt.has(code) || corpus.has(code), `${code} now has a fixture: take it off NOT_YET_PROVEN`).toBe(false);
  });
  for (const d of DETECTORS) {
    it(d.meta.id, () => {
      const declared = d.meta.emits.flatMap((e) => e.reasons.map((r) => `${e.flag}.${r}`));
      expect(
        declared.filter((code) => !selfBuilt.has(code) && !CORPUS_ONLY.has(code) && !NOT_YET_PROVEN.has(code)),
        'declared reasons with no self-built firing fixture',
      ).toEqual([]);
    });
  }
});
