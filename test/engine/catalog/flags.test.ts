/**
 * The flag catalog, code by code: every code is documented in docs/flags.md exactly as the
 * catalog states it, every code is emitted by some detector's declared metadata, and every code a
 * detector declares exists in the catalog. Each code is its own test, so a gap names the code.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FLAG_CATALOG, FLAG_CODES, LIBRARY_FLAG_CODES } from '../../../engine/catalog/flags.js';
import { DETECTORS } from '../../../engine/detectors/index.js';

const DOC = readFileSync(new URL('../../../docs/flags.md', import.meta.url), 'utf8');
const SEVERITIES = ['low', 'medium', 'high', 'critical'];
const CATEGORIES = ['structure', 'metadata', 'content', 'image', 'provenance', 'library'];

/** docs/flags.md's table rows, by code: [category, severity, title, description]. */
const documented = new Map(
  DOC.split('\n')
    .map((line) => /^\| `([a-z_]+)` \| (.+?) \| (.+?) \| (.+?) \| (.+?) \|$/.exec(line))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => [m[1], m.slice(2)] as const),
);

/** Flag code → the ids of the detectors that declare they emit it. */
const emitters = new Map<string, string[]>();
for (const d of DETECTORS) for (const e of d.meta.emits) emitters.set(e.flag, [...(emitters.get(e.flag) ?? []), d.meta.id]);
// The library flags are emitted by the service's comparison with the workspace (electron/service/library/).
for (const code of LIBRARY_FLAG_CODES) emitters.set(code, [...(emitters.get(code) ?? []), 'service/library']);

describe('flag catalog', () => {
  it('includes the codes SPEC and DECISIONS require, with no duplicates', () => {
    for (const code of ['incremental_edit', 'font_inconsistency', 'scrubbed_metadata']) expect(FLAG_CODES).toContain(code);
    expect(new Set(FLAG_CODES).size).toBe(FLAG_CODES.length);
    expect(FLAG_CATALOG.size).toBe(FLAG_CODES.length);
  });

  describe.each(FLAG_CODES.map((code) => [code]))('%s', (code) => {
    const def = FLAG_CATALOG.get(code)!;

    it('is well formed (category, severity range, title, description)', () => {
      expect(def.code).toBe(code);
      expect(code).toMatch(/^[a-z]+(_[a-z]+)*$/);
      expect(CATEGORIES).toContain(def.category);
      expect(SEVERITIES.indexOf(def.severity.min)).toBeGreaterThanOrEqual(0);
      expect(SEVERITIES.indexOf(def.severity.max)).toBeGreaterThanOrEqual(SEVERITIES.indexOf(def.severity.min));
      expect(def.title.length).toBeGreaterThan(3);
      expect(def.description).toMatch(/\.$/);
    });

    it('is documented in docs/flags.md as the catalog states it', () => {
      const severity = def.severity.min === def.severity.max ? def.severity.min : `${def.severity.min}–${def.severity.max}`;
      expect(documented.get(code), `docs/flags.md has no row for ${code}`).toEqual([def.category, severity, def.title, def.description]);
    });

    it("is emitted by some detector's declared metadata", () => {
      expect(emitters.get(code) ?? [], `no detector declares ${code}`).not.toHaveLength(0);
    });
  });

  it('documents no code outside the catalog', () => {
    for (const code of documented.keys()) expect(FLAG_CATALOG.has(code as never), `docs/flags.md lists unknown ${code}`).toBe(true);
  });

  describe.each(DETECTORS.map((d) => [d.meta.id, d] as const))('detector %s', (_id, d) => {
    it('declares only catalog codes, each with named reasons', () => {
      expect(d.meta.emits.length).toBeGreaterThan(0);
      for (const e of d.meta.emits) {
        expect(FLAG_CATALOG.has(e.flag), `${d.meta.id} declares unknown ${e.flag}`).toBe(true);
        expect(e.reasons.length, `${d.meta.id} declares ${e.flag} with no reasons`).toBeGreaterThan(0);
        for (const r of e.reasons) expect(r).toMatch(/^[a-z0-9_]+$/);
      }
    });
  });

  it('gives every detector a unique id', () => {
    const ids = DETECTORS.map((d) => d.meta.id);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
