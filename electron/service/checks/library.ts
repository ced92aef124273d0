/**
 * The workspace library as a step of a check (issue 12): after analysis and before scoring, the
 * document's fingerprint is compared with the other checks' (candidates found through indexed
 * keys only), and the library flags join the engine's findings; once the check completes, its
 * fingerprint, keys and the relations found are stored in the same transaction.
 */
import type { Analysis } from '../../../engine/index.js';
import { compareWithLibrary, type Comparison } from '../library/compare.js';
import { keyKind, libraryKeys } from '../library/keys.js';
import type { LibraryStore, RelatedItem } from '../library/store.js';
import { judgeTemplate } from '../library/template.js';

/** Candidates compared in full, the ones sharing the most (and the most telling) keys. */
const MAX_CANDIDATES = 20;
/** The issuer's newest documents read for its template: enough for several people to agree. */
const TEMPLATE_SAMPLE = 12;
const KEY_WEIGHT = { band: 1, row: 2, reference: 4, account: 1, picture: 2 } as const;

export class WorkspaceLibrary {
  constructor(readonly store: LibraryStore) {}

  /** Library findings for this document and the relations to store with it. */
  async compare(checkId: string, sha256: string, analysis: Analysis): Promise<Comparison> {
    const fp = analysis.library;
    const sameFile = await this.store.sameFile(sha256, checkId);
    if (!fp) {
      // An analysis without a fingerprint (an older engine) is still compared by its bytes.
      const docs = await this.store.docs(sameFile);
      return compareWithLibrary(
        {
          checkId,
          sha256,
          fp: {
            version: 1,
            sha256,
            content: null,
            pageHashes: [],
            template: { producer: null, creator: null, fonts: [], geometry: [], fixedLines: [] },
            identity: { issuer: null, name: null, address: null, account: null, references: [], rows: [] },
          },
        },
        docs,
        new Map(),
      );
    }
    const holders = await this.store.holders(libraryKeys(fp), checkId);
    const weight = new Map<string, number>(sameFile.map((id) => [id, 100]));
    for (const [key, ids] of holders) for (const id of ids) weight.set(id, (weight.get(id) ?? 0) + KEY_WEIGHT[keyKind(key)]);
    const ids = [...weight.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, MAX_CANDIDATES)
      .map(([id]) => id);
    const self = { checkId, sha256, fp };
    const found = compareWithLibrary(self, await this.store.docs(ids), holders);
    const template = fp.identity.issuer
      ? judgeTemplate(self, await this.store.issuerDocs(fp.identity.issuer, analysis.extracted.doc_type, checkId, TEMPLATE_SAMPLE))
      : { findings: [], relations: [] };
    return { findings: [...found.findings, ...template.findings], relations: [...found.relations, ...template.relations] };
  }

  /** Stores a completed check through `into` (the library of the transaction that completes it). */
  static async add(into: LibraryStore, checkId: string, sha256: string, analysis: Analysis, decision: string, comparison: Comparison | null): Promise<void> {
    if (!analysis.library) return;
    await into.add({
      checkId,
      sha256,
      docType: analysis.extracted.doc_type,
      decision,
      fp: analysis.library,
      keys: libraryKeys(analysis.library),
      relations: comparison?.relations ?? [],
    });
  }

  related(checkId: string, limit: number): Promise<{ data: RelatedItem[]; has_more: boolean }> {
    return this.store.related(checkId, limit);
  }
}
