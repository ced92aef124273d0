/**
 * Field extraction accuracy. Values are compared after normalisation that ignores what a
 * reader would ignore (case, spacing, punctuation in names and addresses, separators inside
 * account numbers); dates and currencies must match exactly.
 */
export const FIELD_NAMES = ['doc_type', 'issuer', 'name', 'address', 'document_date', 'account_number', 'currency'] as const;
export type FieldName = (typeof FIELD_NAMES)[number];
export type FieldValues = Record<FieldName, string | null>;

export function normalizeField(field: FieldName, value: string | null): string | null {
  if (value === null || value === undefined) return null;
  const v = String(value).normalize('NFKC').trim();
  if (!v) return null;
  switch (field) {
    case 'account_number':
      return v.replace(/[\s\-.]/g, '').toUpperCase();
    case 'currency':
    case 'document_date':
    case 'doc_type':
      return v.toUpperCase();
    default:
      return v
        .toLowerCase()
        .replace(/[.,;:]/g, ' ')
        .replace(/\s+/g, ' ')
        .trim();
  }
}

export interface FieldScore {
  field: FieldName;
  /** Samples whose truth has a value. */
  present: number;
  correct: number;
  accuracy: number | null;
  /** Samples whose truth is null but the engine returned a value. */
  spurious: number;
}

export function fieldScores(
  samples: ReadonlyArray<{ truth: FieldValues; extracted: Partial<FieldValues> | null; alternatives?: Partial<Record<FieldName, string[]>> }>,
): FieldScore[] {
  return FIELD_NAMES.map((field) => {
    let present = 0;
    let correct = 0;
    let spurious = 0;
    for (const s of samples) {
      const truth = normalizeField(field, s.truth[field]);
      const got = normalizeField(field, s.extracted?.[field] ?? null);
      if (truth === null) {
        if (got !== null) spurious++;
        continue;
      }
      present++;
      const accepted = [truth, ...(s.alternatives?.[field] ?? []).map((a) => normalizeField(field, a))];
      if (got !== null && accepted.includes(got)) correct++;
    }
    return { field, present, correct, accuracy: present ? correct / present : null, spurious };
  });
}
