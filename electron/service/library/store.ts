/**
 * The workspace library's tables (migration 5): fingerprints of completed checks, their lookup
 * keys, and the relations found between checks. Every read goes through an index (a key, a
 * sha256, an issuer, a check id); rows of deleted checks are removed with the check and, in
 * any case, never returned (every read joins the live `checks` table).
 */
import type { LibraryFingerprint } from '../../../engine/library/index.js';
import type { Db } from '../db/open.js';
import { COMMON_KEY_HOLDERS, type LibraryDoc, type RelatedItem, type RelationKind, type StoredRelation } from './types.js';

export type { LibraryDoc, RelatedItem, StoredRelation } from './types.js';

const DOC_COLUMNS = `d.check_id, d.seq, d.sha256, d.issuer, d.doc_type, d.fingerprint,
  COALESCE(c.override_decision,
    (SELECT f.corrected_decision FROM feedback f WHERE f.check_id = d.check_id AND f.corrected_decision IS NOT NULL ORDER BY f.id DESC LIMIT 1),
    d.decision) AS decision,
  EXISTS (SELECT 1 FROM feedback f WHERE f.check_id = d.check_id AND f.kind = 'verdict') AS reviewed`;

interface DocRow {
  check_id: string;
  seq: number;
  sha256: string;
  issuer: string | null;
  doc_type: string | null;
  fingerprint: string;
  decision: string | null;
  reviewed: number;
}

const toDoc = (r: DocRow): LibraryDoc => ({
  checkId: r.check_id,
  seq: r.seq,
  sha256: r.sha256,
  issuer: r.issuer,
  docType: r.doc_type,
  decision: r.decision,
  reviewed: r.reviewed === 1,
  fp: JSON.parse(r.fingerprint) as LibraryFingerprint,
});

export class LibraryStore {
  constructor(private readonly db: Db) {}

  /** Checks holding each key (at most COMMON_KEY_HOLDERS + 1 per key, so a common key costs no more). */
  holders(keys: readonly string[], exclude: string): Map<string, string[]> {
    const stmt = this.db.prepare('SELECT check_id FROM library_keys WHERE key = ? AND check_id != ? LIMIT ?').pluck();
    const out = new Map<string, string[]>();
    for (const key of keys) {
      const ids = stmt.all(key, exclude, COMMON_KEY_HOLDERS + 1) as string[];
      if (ids.length) out.set(key, ids);
    }
    return out;
  }

  /** Other checks of the same file (sha256), newest first. */
  sameFile(sha256: string, exclude: string, limit = 10): string[] {
    return this.db.prepare('SELECT check_id FROM library_docs WHERE sha256 = ? AND check_id != ? ORDER BY seq DESC LIMIT ?').pluck().all(sha256, exclude, limit) as string[];
  }

  docs(ids: readonly string[]): LibraryDoc[] {
    if (ids.length === 0) return [];
    const rows = this.db
      .prepare(`SELECT ${DOC_COLUMNS} FROM library_docs d JOIN checks c ON c.id = d.check_id WHERE d.check_id IN (${ids.map(() => '?').join(',')})`)
      .all(...ids) as DocRow[];
    return rows.map(toDoc);
  }

  /** The newest documents claiming this issuer (and type), for its template. */
  issuerDocs(issuer: string, docType: string | null, exclude: string, limit = 40): LibraryDoc[] {
    const rows = this.db
      .prepare(`SELECT ${DOC_COLUMNS} FROM library_docs d JOIN checks c ON c.id = d.check_id WHERE d.issuer = ? AND d.doc_type IS ? AND d.check_id != ? ORDER BY d.seq DESC LIMIT ?`)
      .all(issuer, docType, exclude, limit) as DocRow[];
    return rows.map(toDoc);
  }

  /** Adds a completed check with its keys and the relations its comparison found (call inside the completing transaction). */
  add(entry: { checkId: string; sha256: string; docType: string | null; decision: string | null; fp: LibraryFingerprint; keys: readonly string[]; relations: readonly StoredRelation[] }): void {
    const { fp } = entry;
    this.db
      .prepare('INSERT OR REPLACE INTO library_docs (check_id, sha256, issuer, doc_type, name, decision, fingerprint) VALUES (?, ?, ?, ?, ?, ?, ?)')
      .run(entry.checkId, entry.sha256, fp.identity.issuer, entry.docType, fp.identity.name, entry.decision, JSON.stringify(fp));
    const key = this.db.prepare('INSERT OR IGNORE INTO library_keys (key, check_id) VALUES (?, ?)');
    for (const k of entry.keys) key.run(k, entry.checkId);
    const rel = this.db.prepare('INSERT INTO library_relations (check_id, other_id, relation, similarity, details) VALUES (?, ?, ?, ?, ?)');
    for (const r of entry.relations) rel.run(entry.checkId, r.otherId, r.relation, r.similarity, JSON.stringify(r.details));
  }

  /** Relations in both directions (found when this check was compared, or when a later one was), newest first. */
  related(checkId: string, limit: number): { data: RelatedItem[]; has_more: boolean } {
    const rows = this.db
      .prepare(
        `SELECT * FROM (
           SELECT r.id, r.other_id AS check_id, r.relation, r.similarity, r.details FROM library_relations r JOIN checks c ON c.id = r.other_id WHERE r.check_id = ?
           UNION ALL
           SELECT r.id, r.check_id AS check_id, r.relation, r.similarity, r.details FROM library_relations r JOIN checks c ON c.id = r.check_id WHERE r.other_id = ?
         ) ORDER BY id DESC LIMIT ?`,
      )
      .all(checkId, checkId, limit + 1) as Array<{ check_id: string; relation: RelationKind; similarity: number; details: string }>;
    return {
      data: rows.slice(0, limit).map((r) => ({ check_id: r.check_id, relation: r.relation, similarity: r.similarity, details: JSON.parse(r.details) as Record<string, unknown> })),
      has_more: rows.length > limit,
    };
  }

  /** Whether the check has any relation (the inbox filter "has related"). */
  hasRelated(checkId: string): boolean {
    return (
      this.db.prepare('SELECT 1 FROM library_relations r JOIN checks c ON c.id = r.other_id WHERE r.check_id = ? LIMIT 1').get(checkId) !== undefined ||
      this.db.prepare('SELECT 1 FROM library_relations r JOIN checks c ON c.id = r.check_id WHERE r.other_id = ? LIMIT 1').get(checkId) !== undefined
    );
  }

  /** Forgets a check: its fingerprint, keys and every relation naming it. */
  remove(checkId: string): void {
    this.db.prepare('DELETE FROM library_keys WHERE check_id = ?').run(checkId);
    this.db.prepare('DELETE FROM library_docs WHERE check_id = ?').run(checkId);
    this.db.prepare('DELETE FROM library_relations WHERE check_id = ? OR other_id = ?').run(checkId, checkId);
  }
}
