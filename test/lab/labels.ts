/**
 * The label record every lab sample carries (one JSON object per line in labels.jsonl).
 * Any folder with a labels.jsonl in this schema can be evaluated by `npm run eval -- --corpus DIR`.
 * Documented in docs/lab.md.
 */
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { FLAG_CODES } from '../../engine/catalog/flags.js';

export const DOC_TYPES = ['bank_statement', 'payslip', 'invoice', 'receipt', 'utility_bill', 'tax_form', 'id_document', 'letter', 'other'] as const;
export type DocType = (typeof DOC_TYPES)[number];

export const LABELS = ['genuine', 'tampered', 'ai_generated'] as const;
export type SampleLabel = (typeof LABELS)[number];

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'calendar date YYYY-MM-DD');

export const FieldsSchema = z.object({
  doc_type: z.enum(DOC_TYPES).nullable(),
  issuer: z.string().min(1).nullable(),
  name: z.string().min(1).nullable(),
  address: z.string().min(1).nullable(),
  document_date: isoDate.nullable(),
  account_number: z.string().min(1).nullable(),
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/)
    .nullable(),
});
export type TruthFields = z.infer<typeof FieldsSchema>;

export const LabelSchema = z
  .object({
    /** Path relative to the folder holding labels.jsonl, forward slashes. */
    file: z
      .string()
      .min(1)
      .refine((f) => !f.startsWith('/') && !f.split('/').includes('..'), 'relative path inside the corpus'),
    label: z.enum(LABELS),
    /** How the sample was made; one of TECHNIQUES for lab samples, free text for other corpora. */
    technique: z.string().min(1),
    /** Forgery family: A = the first lab, B = the second (other tools and routes); free text elsewhere. */
    family: z.string().min(1).optional(),
    doc_type: z.enum(DOC_TYPES),
    /** Flag codes a perfect engine would raise; empty for genuine samples. */
    expected_flags: z.array(z.enum(FLAG_CODES)),
    /** Values the engine should extract (from what the document shows, after any edit). */
    fields: FieldsSchema,
    /** The software chain that produced the bytes, e.g. "pdfkit > incremental update (pdf-lib)". */
    producer: z.string().min(1),
    seed: z.number().int().nonnegative(),
    mime: z.enum(['application/pdf', 'image/png', 'image/jpeg']),
    /** What was changed, for tampered samples: which field, old and new printed text. */
    edit: z.object({ target: z.string(), before: z.string(), after: z.string(), page: z.number().int().positive() }).optional(),
    /** Other printed forms of a field that count as correct (e.g. the IBAN of a GB account number). */
    field_alternatives: z
      .partialRecord(z.enum(['doc_type', 'issuer', 'name', 'address', 'document_date', 'account_number', 'currency']), z.array(z.string().min(1)))
      .optional(),
    notes: z.string().optional(),
  })
  .strict()
  .superRefine((l, ctx) => {
    if (l.label === 'genuine' && l.expected_flags.length > 0) {
      ctx.addIssue({ code: 'custom', message: 'genuine samples expect no flags', path: ['expected_flags'] });
    }
    if (l.label !== 'genuine' && l.expected_flags.length === 0) {
      ctx.addIssue({ code: 'custom', message: 'a forged sample must leave at least one expected flag', path: ['expected_flags'] });
    }
    if (l.label === 'ai_generated' && !l.expected_flags.includes('ai_generated')) {
      ctx.addIssue({ code: 'custom', message: 'ai_generated samples expect the ai_generated flag', path: ['expected_flags'] });
    }
  });
export type LabelRecord = z.infer<typeof LabelSchema>;

export function parseLabelsJsonl(text: string, source = 'labels.jsonl'): LabelRecord[] {
  const out: LabelRecord[] = [];
  text.split('\n').forEach((line, i) => {
    if (!line.trim()) return;
    let raw: unknown;
    try {
      raw = JSON.parse(line);
    } catch (err) {
      throw new Error(`${source}:${i + 1}: not JSON (${(err as Error).message})`);
    }
    const parsed = LabelSchema.safeParse(raw);
    if (!parsed.success) {
      const issues = parsed.error.issues.map((iss) => `${iss.path.join('.') || '(root)'}: ${iss.message}`).join('; ');
      throw new Error(`${source}:${i + 1}: ${issues}`);
    }
    out.push(parsed.data);
  });
  return out;
}

export function readLabels(path: string): LabelRecord[] {
  return parseLabelsJsonl(readFileSync(path, 'utf8'), path);
}

export function toJsonl(labels: readonly LabelRecord[]): string {
  return labels.map((l) => JSON.stringify(l)).join('\n') + '\n';
}
