import { describe, expect, it } from 'vitest';
import { formatPdfDateForPeople, parsePdfDate } from '../../../engine/kit/dates.js';

describe('formatPdfDateForPeople', () => {
  it('writes a UTC PDF date for people', () => {
    expect(formatPdfDateForPeople("D:20260626014719+00'00'")).toBe('26 Jun 2026 01:47 UTC');
    expect(formatPdfDateForPeople('D:20260626014719Z')).toBe('26 Jun 2026 01:47 UTC');
  });
  it('keeps the wall-clock time and the zone the file wrote', () => {
    expect(formatPdfDateForPeople("D:20261027233100+02'00'")).toBe('27 Oct 2026 23:31 +02:00');
    expect(formatPdfDateForPeople("D:20260101080000-05'30'")).toBe('1 Jan 2026 08:00 -05:30');
  });
  it('writes no zone when the file gave none', () => {
    expect(formatPdfDateForPeople('D:20260626014719')).toBe('26 Jun 2026 01:47');
  });
  it('reads XMP dates, date-only ones as dates', () => {
    expect(formatPdfDateForPeople('2026-06-26T01:47:19+01:00')).toBe('26 Jun 2026 01:47 +01:00');
    expect(formatPdfDateForPeople('2026-06-26')).toBe('26 Jun 2026');
  });
  it('returns what it cannot read as written', () => {
    expect(formatPdfDateForPeople('yesterday')).toBe('yesterday');
    expect(formatPdfDateForPeople(undefined)).toBe('no date recorded');
  });
  it('still parses to the instant', () => {
    expect(parsePdfDate("D:20261027233100+02'00'")?.date.toISOString()).toBe('2026-10-27T21:31:00.000Z');
  });
});
