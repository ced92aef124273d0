/**
 * The workspace library's tables (migration 5): fingerprints of completed checks, their lookup
 * keys, and the relations found between checks. Every read goes through an index (a key, a
 * sha256, an issuer, a check id); rows of deleted checks are removed with the check and, in
 * any case, never returned (every read joins the live `checks` table).
 */
import type { LibraryFingerprint } from '../../../engine/index.js';
import { placeholders, type Sql } from '../db/sql.js';
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
  reviewed: number | boolean;
}

const toDoc = (r: DocRow): LibraryDoc => ({
  checkId: r.check_id,
  seq: r.seq,
  sha256: r.sha256,
  issuer: r.issuer,
  docType: r.doc_type,
  decision: r.decision,
  reviewed: r.reviewed === 1 || r.reviewed === true,
  fp: JSON.parse(r.fingerprint) as LibraryFingerprint,
});

export class LibraryStore {
  constructor(private readonly sql: Sql) {}

  /** Checks holding each key (at most COMMON_KEY_HOLDERS + 1 per key, so a common key costs no more). */
  async holders(keys: readonly string[], exclude: string): Promise<Map<string, string[]>> {
    const out = new Map<string, string[]>();
    for (const key of keys) {
      const ids = (
        await this.sql.all<{ check_id: string }>('SELECT check_id FROM library_keys WHERE key = ? AND check_id != ? LIMIT ?', [
          key,
          exclude,
          COMMON_KEY_HOLDERS + 1,
        ])
      ).map((r) => r.check_id);
      if (ids.length) out.set(key, ids);
    }
    return out;
  }

  /** Other checks of the same file (sha256), newest first. */
  async sameFile(sha256: string, exclude: string, limit = 10): Promise<string[]> {
    return (
      await this.sql.all<{ check_id: string }>('SELECT check_id FROM library_docs WHERE sha256 = ? AND check_id != ? ORDER BY seq DESC LIMIT ?', [
        sha256,
        exclude,
        limit,
      ])
    ).map((r) => r.check_id);
  }

  async docs(ids: readonly string[]): Promise<LibraryDoc[]> {
    if (ids.length === 0) return [];
    const rows = await this.sql.all<DocRow>(
      `SELECT ${DOC_COLUMNS} FROM library_docs d JOIN checks c ON c.id = d.check_id WHERE d.check_id IN (${placeholders(ids.length)})`,
      ids,
    );
    return rows.map(toDoc);
  }

  /** The newest documents claiming this issuer (and type), for its template. */
  async issuerDocs(issuer: string, docType: string | null, exclude: string, limit = 40): Promise<LibraryDoc[]> {
    const rows = await this.sql.all<DocRow>(
      `SELECT ${DOC_COLUMNS} FROM library_docs d JOIN checks c ON c.id = d.check_id WHERE d.issuer = ? AND d.doc_type IS NOT DISTINCT FROM ? AND d.check_id != ? ORDER BY d.seq DESC LIMIT ?`,
      [issuer, docType, exclude, limit],
    );
    return rows.map(toDoc);
  }

  /** Adds a completed check with its keys and the relations its comparison found (call inside the completing transaction). */
  async add(entry: {
    checkId: string;
    sha256: string;
    docType: string | null;
    decision: string | null;
    fp: LibraryFingerprint;
    keys: readonly string[];
    relations: readonly StoredRelation[];
  }): Promise<void> {
    const { fp } = entry;
    await this.sql.run(
      `INSERT INTO library_docs (check_id, sha256, issuer, doc_type, name, decision, fingerprint) VALUES (?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (check_id) DO UPDATE SET sha256 = excluded.sha256, issuer = excluded.issuer, doc_type = excluded.doc_type, name = excluded.name, decision = excluded.decision, fingerprint = excluded.fingerprint`,
      [entry.checkId, entry.sha256, fp.identity.issuer, entry.docType, fp.identity.name, entry.decision, JSON.stringify(fp)],
    );
    for (const k of entry.keys) await this.sql.run('INSERT INTO library_keys (key, check_id) VALUES (?, ?) ON CONFLICT DO NOTHING', [k, entry.checkId]);
    for (const r of entry.relations) {
      await this.sql.run('INSERT INTO library_relations (check_id, other_id, relation, similarity, details) VALUES (?, ?, ?, ?, ?)', [
        entry.checkId,
        r.otherId,
        r.relation,
        r.similarity,
        JSON.stringify(r.details),
      ]);
    }
  }

  /** Relations in both directions (found when this check was compared, or when a later one was), newest first. */
  async related(checkId: string, limit: number): Promise<{ data: RelatedItem[]; has_more: boolean }> {
    const rows = await this.sql.all<{ check_id: string; relation: RelationKind; similarity: number; details: string }>(
      `SELECT * FROM (
         SELECT r.id, r.other_id AS check_id, r.relation, r.similarity, r.details FROM library_relations r JOIN checks c ON c.id = r.other_id WHERE r.check_id = ?
         UNION ALL
         SELECT r.id, r.check_id AS check_id, r.relation, r.similarity, r.details FROM library_relations r JOIN checks c ON c.id = r.check_id WHERE r.other_id = ?
       ) AS both_ways ORDER BY id DESC LIMIT ?`,
      [checkId, checkId, limit + 1],
    );
    return {
      data: rows
        .slice(0, limit)
        .map((r) => ({ check_id: r.check_id, relation: r.relation, similarity: r.similarity, details: JSON.parse(r.details) as Record<string, unknown> })),
      has_more: rows.length > limit,
    };
  }

  /** Whether the check has any relation (the inbox filter "has related"). */
  async hasRelated(checkId: string): Promise<boolean> {
    return (
      (await this.sql.get('SELECT 1 AS one FROM library_relations r JOIN checks c ON c.id = r.other_id WHERE r.check_id = ? LIMIT 1', [checkId])) !==
        undefined ||
      (await this.sql.get('SELECT 1 AS one FROM library_relations r JOIN checks c ON c.id = r.check_id WHERE r.other_id = ? LIMIT 1', [checkId])) !== undefined
    );
  }

  /** Forgets a check: its fingerprint, keys and every relation naming it. */
  async remove(checkId: string): Promise<void> {
    await this.sql.run('DELETE FROM library_keys WHERE check_id = ?', [checkId]);
    await this.sql.run('DELETE FROM library_docs WHERE check_id = ?', [checkId]);
    await this.sql.run('DELETE FROM library_relations WHERE check_id = ? OR other_id = ?', [checkId, checkId]);
  }
}
