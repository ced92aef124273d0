/** The library's pure judgement (electron/service/library/compare.ts): a page picture alone is a template, not reuse. */
import { describe, expect, it } from 'vitest';
import type { LibraryFingerprint } from '../../engine/library/index.js';
import { minhash, shingleHashes } from '../../engine/library/minhash.js';
import { compareWithLibrary } from '../../electron/service/library/compare.js';
import type { LibraryDoc } from '../../electron/service/library/types.js';

const fp = (name: string, text: string, picture: string): LibraryFingerprint => ({
  version: 1,
  sha256: `${name.length}`.repeat(64).slice(0, 64),
  content: { minhash: minhash(shingleHashes(text)), shingles: 40 },
  pageHashes: [{ page: 1, hash: picture }],
  template: { producer: null, creator: null, fonts: [], geometry: [], fixedLines: [] },
  identity: { issuer: 'westmoor bank', name, address: null, account: null, references: [], rows: [] },
});
const doc = (id: string, f: LibraryFingerprint): LibraryDoc => ({
  checkId: id,
  seq: 1,
  sha256: id,
  issuer: f.identity.issuer,
  docType: null,
  decision: 'clear',
  reviewed: false,
  fp: f,
});
const words = (seed: number) => Array.from({ length: 80 }, (_, i) => `w${(seed * 7919 + i * 104729) % 100000}`).join(' ');

describe('compareWithLibrary', () => {
  it('does not call two customers reused when only their scans look alike (same template picture)', () => {
    const earlier = fp('amelia hart', words(1), '0f0f00ff0f0f00ff');
    const now = fp('daniel brooks', words(2), '0f0f00ff0f0f00fe');
    expect(compareWithLibrary({ checkId: 'dc_now', sha256: 'x', fp: now }, [doc('dc_earlier', earlier)], new Map()).findings).toEqual([]);
  });

  it('calls the same scan with its text under another name reused_content, citing the earlier check', () => {
    const text = words(3);
    const earlier = fp('amelia hart', `amelia hart ${text}`, '0f0f00ff0f0f00ff');
    const now = fp('daniel brooks', `daniel brooks ${text}`, '0f0f00ff0f0f00ff');
    const { findings } = compareWithLibrary({ checkId: 'dc_now', sha256: 'x', fp: now }, [doc('dc_earlier', earlier)], new Map());
    expect(findings.map((f) => f.flag)).toEqual(['reused_content']);
    expect(findings[0].evidence.related_check_ids).toEqual(['dc_earlier']);
    expect(findings[0].evidence.differs_in).toEqual(['name']);
  });
});
