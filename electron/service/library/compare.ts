/**
 * The library's judgement of one document against the checks it shares keys with (pure: the
 * store found the candidates). What a serial forger keeps is what a genuine document of another
 * customer never carries: the same file, the same text, the same page picture, the same
 * transactions, the same references. A template alone (labels, layout, fonts) is the issuer's,
 * shared by all its genuine documents, and never counts here (template.ts judges templates).
 */
import { type FlagCode, hammingHex, minhashSimilarity, type FingerprintRow, type LibraryFingerprint, type Finding } from '../../../engine/index.js';
import { COMMON_KEY_HOLDERS, type LibraryDoc, type StoredRelation } from './types.js';

export type { RelationKind } from './types.js';

/** Estimated Jaccard similarity of word shingles from which two texts are one document. */
export const SAME_CONTENT = 0.75;
/** Under another name, less text in common already means the text was taken (names and a few figures changed). */
export const REUSED_CONTENT = 0.55;
/** Page pictures within this Hamming distance (of 64 bits) are the same picture. */
export const SAME_PICTURE = 3;
/** Text similarity that must back a picture match (two customers' statements share far less). */
export const PICTURE_TEXT_SUPPORT = 0.3;
/** Transactions in common (and at least this share of the smaller list) that make rows reused. */
export const MIN_SHARED_ROWS = 3;
const MIN_ROW_SHARE = 0.3;
/** Findings per flag: the strongest matches; more would repeat the point. */
const MAX_PER_FLAG = 5;

export interface SelfDoc {
  checkId: string;
  sha256: string;
  fp: LibraryFingerprint;
}

export interface Comparison {
  findings: Finding[];
  relations: StoredRelation[];
}

const BAD = new Set(['suspicious', 'fraudulent']);

/** Two names are different people when they share no word of three letters or more (OCR and titles vary). */
export function differentNames(a: string | null, b: string | null): boolean {
  if (!a || !b) return false;
  const words = new Set(a.split(' ').filter((w) => w.length >= 3));
  return !b.split(' ').some((w) => w.length >= 3 && words.has(w));
}

function differentIdentity(a: LibraryFingerprint['identity'], b: LibraryFingerprint['identity']): { differs: boolean; what: string[] } {
  const what: string[] = [];
  if (differentNames(a.name, b.name)) what.push('name');
  if (a.account && b.account && a.account !== b.account) what.push('account');
  if (a.issuer && b.issuer && differentNames(a.issuer, b.issuer)) what.push('issuer');
  return { differs: what.length > 0, what };
}

interface RowMatch {
  text: string;
  page: number;
  bbox?: FingerprintRow['bbox'];
  other_page: number;
  other_bbox?: FingerprintRow['bbox'];
}

function sharedRows(self: LibraryFingerprint, other: LibraryFingerprint, uncommon: (key: string) => boolean): RowMatch[] {
  const theirs = new Map(other.identity.rows.map((r) => [r.key, r]));
  const out: RowMatch[] = [];
  const seen = new Set<string>();
  for (const r of self.identity.rows) {
    const o = theirs.get(r.key);
    if (!o || seen.has(r.key) || !uncommon(`r:${r.key}`)) continue;
    seen.add(r.key);
    out.push({ text: r.text, page: r.page, ...(r.bbox ? { bbox: r.bbox } : {}), other_page: o.page, ...(o.bbox ? { other_bbox: o.bbox } : {}) });
  }
  return out;
}

function closestPicture(a: LibraryFingerprint, b: LibraryFingerprint): { page: number; other_page: number; distance: number } | null {
  let best: { page: number; other_page: number; distance: number } | null = null;
  for (const p of a.pageHashes)
    for (const q of b.pageHashes) {
      const d = hammingHex(p.hash, q.hash);
      if (!best || d < best.distance) best = { page: p.page, other_page: q.page, distance: d };
    }
  return best;
}

function finding(
  flag: FlagCode,
  detail: string,
  summary: string,
  strength: number,
  other: string,
  evidence: Record<string, unknown>,
  pages: number[] = [1],
): Finding {
  return { flag, code: `${flag}.${detail}`, summary, pages, strength, evidence: { related_check_ids: [other], ...evidence } };
}

/** Compares the document with each candidate; `holders` says how many checks hold each key (for uniqueness). */
export function compareWithLibrary(self: SelfDoc, candidates: readonly LibraryDoc[], holders: ReadonlyMap<string, readonly string[]>): Comparison {
  const uncommon = (key: string) => (holders.get(key)?.length ?? 0) < COMMON_KEY_HOLDERS;
  const scored: Array<{ finding: Finding; relation: StoredRelation }> = [];
  for (const c of candidates) {
    const earlierBad = c.decision !== null && BAD.has(c.decision);
    const badNote = earlierBad ? ` That check was decided ${c.decision}.` : '';
    if (c.sha256 === self.sha256) {
      scored.push({
        finding: finding(
          'duplicate_document',
          'same_file',
          `The same file (sha256 ${self.sha256.slice(0, 12)}…) was checked before as ${c.checkId}.${badNote}`,
          earlierBad ? 0.7 : 0.1,
          c.checkId,
          { sha256: self.sha256, earlier_decision: c.decision },
        ),
        relation: { otherId: c.checkId, relation: 'same_file', similarity: 1, details: { sha256: self.sha256 } },
      });
      continue;
    }
    const similarity = self.fp.content && c.fp.content ? minhashSimilarity(self.fp.content.minhash, c.fp.content.minhash) : 0;
    const picture = closestPicture(self.fp, c.fp);
    // A coarse page picture of one issuer's template looks alike for every customer (library eval,
    // family B genuine scans): the picture counts only with some text or a transaction in common.
    const rowsInCommon = self.fp.identity.rows.some((r) => c.fp.identity.rows.some((o) => o.key === r.key));
    const samePicture = picture !== null && picture.distance <= SAME_PICTURE && (similarity >= PICTURE_TEXT_SUPPORT || rowsInCommon);
    const rows = sharedRows(self.fp, c.fp, uncommon);
    const fewerRows = Math.min(self.fp.identity.rows.length, c.fp.identity.rows.length);
    const rowsReused = rows.length >= MIN_SHARED_ROWS && rows.length >= MIN_ROW_SHARE * fewerRows;
    const refs = self.fp.identity.references.filter((r) => c.fp.identity.references.includes(r) && uncommon(`f:${r}`));
    const identity = differentIdentity(self.fp.identity, c.fp.identity);
    const pictureNote = samePicture
      ? `; page ${picture.page} is the same picture as its page ${picture.other_page} (hash distance ${picture.distance} of 64)`
      : '';
    const common = {
      similarity: round(similarity),
      ...(samePicture ? { picture } : {}),
      ...(rows.length ? { matched_rows: rows.slice(0, 50), matched_row_count: rows.length } : {}),
      ...(refs.length ? { references: refs } : {}),
    };
    const regions = rows
      .filter((r) => r.bbox)
      .slice(0, 50)
      .map((r) => ({ page: r.page, bbox: r.bbox!, label: `also in ${c.checkId}` }));
    const rowPages = [...new Set(rows.map((r) => r.page))];
    if (identity.differs && (similarity >= REUSED_CONTENT || samePicture || rowsReused || refs.length > 0)) {
      const what = [
        rowsReused ? `${rows.length} of its transactions` : null,
        refs.length ? `reference${refs.length > 1 ? 's' : ''} ${refs.join(', ')}` : null,
        similarity >= REUSED_CONTENT ? `${Math.round(similarity * 100)} % of its text` : null,
        samePicture ? 'its page picture' : null,
      ].filter(Boolean);
      const strong = rowsReused || samePicture || similarity >= REUSED_CONTENT;
      scored.push({
        finding: finding(
          'reused_content',
          rowsReused ? 'transaction_rows' : samePicture ? 'same_picture' : similarity >= REUSED_CONTENT ? 'same_text' : 'reference',
          `Check ${c.checkId} holds ${what.join(', ')} under a different ${identity.what.join(' and ')}${pictureNote}.${badNote}`,
          strong ? 0.9 : 0.6,
          c.checkId,
          { ...common, differs_in: identity.what, ...(regions.length ? { regions } : {}) },
          rowPages.length ? rowPages : [1],
        ),
        relation: {
          otherId: c.checkId,
          relation: 'reused_content',
          similarity: round(Math.max(similarity, rowsReused ? rows.length / Math.max(1, fewerRows) : 0, samePicture ? 1 - picture.distance / 64 : 0)),
          details: { ...common, differs_in: identity.what },
        },
      });
    } else if (!identity.differs && (similarity >= SAME_CONTENT || samePicture || (rowsReused && rows.length >= 0.8 * fewerRows))) {
      scored.push({
        finding: finding(
          'duplicate_document',
          'same_content',
          `The same content was checked before as ${c.checkId} (${Math.round(similarity * 100)} % of the text${rows.length ? `, ${rows.length} transactions` : ''}${pictureNote}).${badNote}`,
          earlierBad ? 0.7 : 0.15,
          c.checkId,
          { ...common, earlier_decision: c.decision, ...(regions.length ? { regions } : {}) },
        ),
        relation: {
          otherId: c.checkId,
          relation: 'same_content',
          similarity: round(Math.max(similarity, samePicture ? 1 - picture.distance / 64 : 0)),
          details: common,
        },
      });
    }
  }
  return strongestPerFlag(scored);
}

function strongestPerFlag(scored: Array<{ finding: Finding; relation: StoredRelation }>): Comparison {
  const byFlag = new Map<string, Array<{ finding: Finding; relation: StoredRelation }>>();
  for (const s of scored) byFlag.set(s.finding.flag, [...(byFlag.get(s.finding.flag) ?? []), s]);
  const kept = [...byFlag.values()].flatMap((list) =>
    list.sort((a, b) => b.finding.strength - a.finding.strength || b.relation.similarity - a.relation.similarity).slice(0, MAX_PER_FLAG),
  );
  return { findings: kept.map((k) => k.finding), relations: scored.map((s) => s.relation) };
}

const round = (v: number) => Math.round(v * 1000) / 1000;
