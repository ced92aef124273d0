/**
 * Metadata timestamps as written: EXIF `YYYY:MM:DD HH:MM:SS` (local, no zone) and XMP ISO 8601
 * (optionally with a zone). Comparisons are done on wall-clock values because EXIF has no zone;
 * a zone-sized gap (whole quarter hours up to 14 h) is therefore not a contradiction.
 */
export interface MetaDate {
  /** Wall-clock time as if UTC, ms. */
  wall: number;
  hasZone: boolean;
  raw: string;
  /** Only a date (no time of day) was written. */
  dateOnly: boolean;
}

const EXIF_RE = /^(\d{4})[:-](\d{2})[:-](\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?/;

export function parseMetaDate(v: unknown): MetaDate | null {
  if (typeof v !== 'string') return null;
  const raw = v.trim();
  const m = EXIF_RE.exec(raw);
  if (!m) return null;
  const [y, mo, d, h, mi, s] = [m[1], m[2], m[3], m[4] ?? '0', m[5] ?? '0', m[6] ?? '0'].map(Number);
  if (y < 1980 || mo < 1 || mo > 12 || d < 1 || d > 31) return null;
  const wall = Date.UTC(y, mo - 1, d, h, mi, s);
  return Number.isFinite(wall) ? { wall, hasZone: /(?:Z|[+-]\d{2}:?\d{2})$/.test(raw), raw, dateOnly: m[4] === undefined } : null;
}

/** Absolute gap in ms that cannot be explained by one side carrying a time-zone offset. */
export function unexplainedGap(a: MetaDate, b: MetaDate): number {
  const gap = Math.abs(a.wall - b.wall);
  if (a.dateOnly || b.dateOnly) return Math.max(0, gap - 24 * 3600e3);
  if ((a.hasZone || b.hasZone) && gap <= 14 * 3600e3 + 60e3) {
    const quarter = 15 * 60e3;
    const off = gap % quarter;
    if (Math.min(off, quarter - off) <= 60e3) return 0;
  }
  return gap;
}
