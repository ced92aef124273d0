/**
 * What the check page says when the analysis did not run: a failed check has no flags because
 * nothing was looked at, so it must not read like a clean one. It says that, why, and what to do.
 */
import type { DocumentCheck } from '../api/contract.js';

type CheckError = NonNullable<DocumentCheck['error']>;

/** The section text where a failed check has nothing to show. */
export const NOT_RUN = 'Not available: the analysis did not run.';

/** "Rules that fired" on a failed check: rules read the analysis' findings, and there were none. */
export const RULES_NOT_RUN = 'No rules ran: workspace rules apply to the findings of an analysis, and the analysis did not run.';

const REVIEW = 'Until then there is no verdict: review this document by hand.';

/** What to do next, for each reason an analysis can fail (a compile error when a code is added). */
const NEXT_STEP: Record<CheckError['code'], string> = {
  corrupt_document: 'The file is damaged or incomplete (for example cut short in transfer). Ask the sender for the original file and check it again.',
  encrypted_document: 'The file is locked with a kind of protection the analysis cannot open. Ask the sender for a copy without it and check it again.',
  password_required: 'The file needs a password to open. Check it again with its password (statements often use a date of birth or part of an ID number).',
  password_incorrect: 'The password given does not open the file. Check the password with the sender and check it again.',
  unsupported_document: 'This kind of file cannot be analysed. Ask for the document as a PDF, PNG or JPEG and check it again.',
  too_many_pages: 'The document has more pages than the analysis reads. Ask for the pages that matter as a shorter file and check it again.',
  image_too_large: 'The image is larger than the analysis reads. Ask for a copy at a lower resolution and check it again.',
  file_too_large: 'The file is larger than the service accepts. Ask for a smaller copy and check it again.',
  resource_limit: 'The file needed more work than the analysis allows, which hostile files are built to do. Treat it with care; ask for a plainly saved copy.',
  analysis_timeout: 'The analysis took too long. Submit the file again; if it times out again, treat it with care.',
  upload_missing: 'The uploaded file is no longer in storage. Upload it again.',
  engine_error: 'The analysis failed on this file. Submit it again; if it fails again, report it with this check id.',
};

export interface FailureAccount {
  headline: string;
  /** The error code and the service's message. */
  why: string;
  next: string;
}

export function failureAccount(error: DocumentCheck['error']): FailureAccount {
  const next = error ? NEXT_STEP[error.code] : 'Submit the file again.';
  return {
    headline: 'The analysis did not run, so this document has not been checked.',
    why: error ? `${error.code}: ${error.message}` : 'The service gave no reason.',
    next: `${next} ${REVIEW}`,
  };
}
