import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FLAG_CATALOG, FLAG_CODES } from '../../engine/catalog/flags.js';
import { DETECTORS } from '../../engine/detect/registry.js';

describe('flag catalog', () => {
  it('includes the codes SPEC and DECISIONS require', () => {
    for (const code of ['incremental_edit', 'font_inconsistency', 'scrubbed_metadata']) expect(FLAG_CODES).toContain(code);
  });

  it('is documented in docs/flags.md, code by code', () => {
    const doc = readFileSync(new URL('../../docs/flags.md', import.meta.url), 'utf8');
    for (const def of FLAG_CATALOG.values()) {
      expect(doc).toContain(`| \`${def.code}\` | ${def.category} |`);
      expect(doc).toContain(def.title);
    }
  });

  it('every detector emits only catalog codes and every code has a detector', () => {
    const emitted = new Set<string>();
    for (const d of DETECTORS) for (const e of d.meta.emits) {
      expect(FLAG_CATALOG.has(e.flag), `${d.meta.id} emits unknown ${e.flag}`).toBe(true);
      emitted.add(e.flag);
    }
    const ids = DETECTORS.map((d) => d.meta.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const code of FLAG_CODES) expect(emitted.has(code), `no detector emits ${code}`).toBe(true);
  });
});
