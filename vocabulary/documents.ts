/** What the engine can tell about a document and its file: shared by the engine's analysis and the wire contract. */

export const MIME_TYPES = ['application/pdf', 'image/png', 'image/jpeg'] as const;
export type MimeType = (typeof MIME_TYPES)[number];

export const DOCUMENT_FORMATS = ['digital_pdf', 'scanned_pdf', 'hybrid_pdf', 'photo', 'scan_image', 'screenshot', 'digital_image'] as const;
export type DocumentFormat = (typeof DOCUMENT_FORMATS)[number];

export const DOC_TYPES = ['bank_statement', 'payslip', 'invoice', 'receipt', 'utility_bill', 'tax_form', 'id_document', 'letter', 'other'] as const;
export type DocType = (typeof DOC_TYPES)[number];

/** What one incremental update of a PDF did (the dashboard's revision list). */
export const REVISION_KINDS = ['original', 'linearization', 'signature', 'annotation', 'form_fill', 'metadata', 'content_edit', 'other'] as const;
export type RevisionKind = (typeof REVISION_KINDS)[number];

/** The failures the engine can name; a failed check carries one of these or one of the service's own. */
export const ENGINE_ERROR_CODES = [
  'corrupt_document',
  'encrypted_document',
  'password_required',
  'password_incorrect',
  'unsupported_document',
  'too_many_pages',
  'image_too_large',
  'resource_limit',
  'engine_error',
] as const;
export type EngineErrorCode = (typeof ENGINE_ERROR_CODES)[number];
