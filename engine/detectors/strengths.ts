/**
 * The one table of hand-set strengths, per reason code (`<flag>.<detail>`). A detector that picks
 * among several strengths for one reason names each variant here, so that a finding's strength
 * always reads as a name (`STRENGTH['scrubbed_metadata.no_metadata'].noIdIssued`), never as a
 * bare number. The calibration (engine/scoring/calibration.generated.ts) and the detector tables
 * of docs/detectors-*.md are generated from it; test/engine/strength-table.test.ts keeps it and
 * the detectors' declarations in step.
 *
 * Scale (docs/scoring.md): 0.15 and below is context, 0.85 and above is decisive on its own.
 */

/** One strength, or named variants of it where the detector grades what it saw. */
export type Strength = number | Readonly<Record<string, number>>;

export const STRENGTH = {
  // structure/incremental-edit (and reverted-edits.ts)
  'incremental_edit.figures_changed': 0.9,
  'incremental_edit.text_changed': 0.75,
  'incremental_edit.text_removed': 0.6,
  'incremental_edit.page_inserted': { inserted: 0.6, appendedInSession: 0.1 },
  'incremental_edit.image_replaced': 0.6,
  'incremental_edit.content_changed': { drawing: 0.45, thinLinesAdded: 0.15, textPlacedAnew: 0.1 },
  'incremental_edit.page_cropped': { textStaysVisible: 0.25, textHiddenByCrop: 0.5 },
  'incremental_edit.edit_reverted': 0.1,
  'incremental_edit.page_furniture_added': 0.1,
  'incremental_edit.resources_changed': 0.3,
  'incremental_edit.other_update': 0.1,
  'incremental_edit.field_value_changed': { words: 0.3, figures: 0.5 },
  // structure/signature-invalidated
  'signature_invalidated.content_after_signature': 0.9,
  'signature_invalidated.unsigned_update_after_signature': 0.5,
  'signature_invalidated.shadow_prepared': 0.95,
  'signature_invalidated.overlay_after_signature': 0.8,
  'signature_invalidated.change_not_permitted': 0.6,
  'signature_invalidated.permitted_after_signature': 0.05,
  // structure/structural-anomaly
  'structural_anomaly.xref_repaired': 0.2,
  'structural_anomaly.duplicate_object': 0.3,
  'structural_anomaly.unlisted_objects': 0.2,
  'structural_anomaly.unlinked_section': 0.2,
  'structural_anomaly.generation_numbers': 0.15,
  'structural_anomaly.trailing_data': 0.2,
  'structural_anomaly.decompression_budget': 0.5,
  'structural_anomaly.image_over_budget': 0.5,
  'structural_anomaly.content_over_budget': 0.5,
  // structure/encryption: from the first save is context (banks do it); added by a later update, the file was changed then locked
  'structural_anomaly.encrypted': 0.1,
  'structural_anomaly.encrypted_after_edit': 0.4,
  'structural_anomaly.readers_disagree': { drawing: 0.1, pages: 0.7, images: 0.75, text: 0.9 },
  // structure/active-content
  'active_content.javascript': 0.2,
  'active_content.form_scripts': 0.03,
  'active_content.launch_action': 0.5,
  'active_content.outside_reference': 0.05,
  'active_content.risky_attachment': 0.5,
  'active_content.embedded_file': { xmlOnly: 0.05, other: 0.15 },
  // structure/page-inconsistency (page-identity.ts, page-font-objects.ts)
  // outerPage: the first or last page with text, without the body's figures or page numbers: a
  // cover or back matter merged from another tool (context); a forger swaps pages that carry them.
  'page_inconsistency.foreign_page': { base: 0.2, perTrait: 0.1, max: 0.5, outerPage: 0.1 },
  'page_inconsistency.page_numbering': 0.65,
  // Two pages alone cannot tell a page copied in from a writer that embeds fonts page by page
  // (UniDoc, Quartz, pdftk concatenations of one-page files: 5 of about 300 two-page real files);
  // from three pages on, one page standing apart from a run that shares its objects can.
  'page_inconsistency.separate_font_objects': { apartFromRun: 0.6, twoPages: 0.3 },
  'page_inconsistency.page_identity': 0.6,
  // metadata/scrubbed-metadata
  // Context: libraries and tools (mutool, PyMuPDF, PDFBox, hand-written generators) write no Info
  // at all; on the public-repository corpus 6 % of genuine files carry it, and a file without a
  // producer has no producer family to be measured against.
  'scrubbed_metadata.no_metadata': { withId: 0.12, noId: 0.15, noIdIssued: 0.25 },
  'scrubbed_metadata.producer_removed': 0.3,
  'scrubbed_metadata.dates_removed': 0.3,
  // metadata/metadata-mismatch
  'metadata_mismatch.producer': 0.35,
  'metadata_mismatch.creator_tool': 0.2,
  'metadata_mismatch.creation_date': { differs: 0.3, twoStories: 0.55 },
  'metadata_mismatch.modification_date': 0.2,
  // metadata/date-inconsistency
  'date_inconsistency.modified_before_created': { minutes: 0.4, hours: 0.65, days: 0.75 },
  'date_inconsistency.future_date': { near: 0.5, far: 0.65 },
  'date_inconsistency.late_modification': 0.15,
  'date_inconsistency.rewritten_long_after': 0.6,
  'date_inconsistency.edited_after_issue': 0.65,
  'date_inconsistency.created_before_document_date': { rendered: 0.3, captured: 0.6 },
  'date_inconsistency.impossible_date': 0.6,
  'date_inconsistency.timezone_changed': 0.2,
  // metadata/editing-software
  'editing_software.editor_after_issuer': { otherCreator: 0.55, issuerCreator: 0.7 },
  'editing_software.editor_producer': {
    onlineOrImageEditor: 0.6,
    onlinePageTool: 0.3,
    editorOverOtherCreator: 0.4,
    editorAsOwnCreator: 0.15,
    authoredInEditor: 0.4,
  },
  'editing_software.editor_update': { contentEdit: 0.6, other: 0.4 },
  'editing_software.xmp_history': { sameOrigin: 0.3, madeElsewhere: 0.45 },
  'editing_software.design_origin': 0.1,
  'low_trust_origin.consumer_software': 0.1,
  // overlays/covered-text
  'hidden_content.covered_text_replaced': 0.9,
  'hidden_content.covered_text': 0.6,
  'hidden_content.image_over_text': { before: 0.35, afterIssue: 0.85 },
  'hidden_content.annotation_over_text': { before: 0.5, afterIssue: 0.8 },
  // overlays/invisible-text: hidden figures feed text extraction, so they weigh more
  'hidden_content.invisible_text': { words: 0.25, figures: 0.4 },
  'hidden_content.text_matches_background': { words: 0.25, figures: 0.45 },
  'hidden_content.clipped_text': { words: 0.2, figures: 0.3 },
  'hidden_content.off_page_text': { words: 0.1, figures: 0.15 },
  'hidden_content.hidden_layer_text': { words: 0.35, figures: 0.5, shownOnDemand: 0.1 },
  // fonts/*
  'font_inconsistency.lone_amount_font': 0.55,
  'font_inconsistency.duplicate_subset': { large: 0.2, small: 0.7 },
  'font_inconsistency.duplicate_subset_across_pages': 0.2,
  'font_inconsistency.isolated_font': { usedOnce: 0.6, usedMore: 0.45 },
  'font_inconsistency.size_mismatch': 0.35,
  'font_inconsistency.baseline_shift': 0.35,
  'font_inconsistency.embedded_and_not': 0.5,
  'font_inconsistency.unembedded_minority': 0.3,
  'font_inconsistency.type3_minority': 0.3,
  'font_inconsistency.column_misaligned': 0.4,
  'font_inconsistency.spacing_break': { spacing: 0.3, scaled: 0.35 },
  // content/arithmetic-error
  'arithmetic_error.running_balance': { firstRow: 0.9, laterRow: 0.6 },
  'arithmetic_error.statement_summary': 0.85,
  'arithmetic_error.closing_balance': 0.75,
  'arithmetic_error.carried_balance': 0.85,
  'arithmetic_error.line_item': { confirmedColumns: 0.85, unconfirmed: 0.6 },
  'arithmetic_error.items_subtotal': { invoiceTable: 0.7, receiptItems: 0.8 },
  'arithmetic_error.invoice_total': 0.85,
  'arithmetic_error.tax_rate': 0.7,
  'arithmetic_error.change_due': 0.8,
  'arithmetic_error.amount_due': 0.85,
  'arithmetic_error.payslip_net': 0.85,
  'arithmetic_error.payslip_gross': 0.8,
  'arithmetic_error.payslip_deductions': { belowItems: 0.6, netConfirmsItems: 0.85 },
  'arithmetic_error.payslip_ytd': 0.6,
  // content/identifier-invalid
  'identifier_invalid.iban_checksum': { unlabelled: 0.6, labelled: 0.85 },
  'identifier_invalid.iban_length': 0.7,
  'identifier_invalid.aba_checksum': 0.8,
  'identifier_invalid.aba_length': 0.6,
  'identifier_invalid.card_luhn': 0.7,
  'identifier_invalid.sort_code_format': 0.6,
  // The document contradicts itself: one copy of the account was retyped.
  'identifier_invalid.account_mismatch': 0.7,
  'identifier_invalid.iban_mismatch': 0.75,
  // content/content-inconsistency
  // Read from a picture and one misread digit from a real day: a hint, never suspicious alone.
  'content_inconsistency.impossible_date': { printed: 0.75, ocrSlip: 0.35 },
  // A year or more ahead: no issuing system prints it, no time zone or post-dating explains it.
  'content_inconsistency.future_date': { near: 0.45, far: 0.6, years: 0.8 },
  'content_inconsistency.future_transaction': { near: 0.45, far: 0.6, years: 0.8 },
  'content_inconsistency.outside_period': 0.6,
  'content_inconsistency.dates_out_of_order': 0.45,
  'content_inconsistency.pay_before_period': 0.6,
  'content_inconsistency.due_before_issue': { near: 0.45, far: 0.6 },
  'content_inconsistency.date_outside_period': { near: 0.4, far: 0.6 },
  'content_inconsistency.reference_mismatch': 0.6,
  // content/einvoice-mismatch: the page disagrees with the binding invoice attached to it.
  'content_inconsistency.einvoice_mismatch': 0.8,
  // content/restated-figures: one figure printed twice, the copies a digit or two apart. The
  // document contradicts itself as with a retyped account number; no sum is needed to see it.
  'content_inconsistency.restated_figure': 0.7,
  // image/*
  'image_manipulation.aliased_glyphs': 0.6,
  'image_manipulation.grainless_patch': { patch: 0.5, largeFilled: 0.6 },
  'image_manipulation.noise_inconsistency': { patch: 0.5, fourBlocksOrMore: 0.6 },
  'image_manipulation.painted_patch': 0.6,
  'image_manipulation.compression_patch': { patch: 0.6, largeShare: 0.7 },
  'image_manipulation.copy_move': { fewPairs: 0.7, manyPairs: 0.85 },
  'image_manipulation.glyph_edge_inconsistency': 0.6,
  'image_manipulation.sharpness_inconsistency': { patch: 0.5, largeShare: 0.6 },
  'structural_anomaly.damaged_image_data': 0.1,
  'metadata_mismatch.capture_date': 0.45,
  'metadata_mismatch.modify_date': { disagree: 0.3, successiveSaves: 0.1 },
  'metadata_mismatch.modified_after_capture': 0.2,
  'metadata_mismatch.modified_before_capture': 0.45,
  'metadata_mismatch.software_device': 0.45,
  'metadata_mismatch.exif_dimensions': 0.15,
  'editing_software.image_editor': { cameraCaptureKept: 0.15, editor: 0.4 },
  'editing_software.photo_workflow': 0.15,
  'compression_anomaly.thumbnail_content': { differs: 0.5, unrelated: 0.7 },
  'compression_anomaly.thumbnail_aspect': 0.35,
  'compression_anomaly.double_jpeg': { photoWorkflow: 0.05, resaved: 0.35, cameraClaimed: 0.5 },
  // provenance/*
  'ai_generated.iptc_source_type': { composite: 0.9, generated: 0.95 },
  'ai_generated.c2pa_generated': { active: 0.97, ingredient: 0.92, unreadableStore: 0.88 },
  'ai_generated.c2pa_composite': { declared: 0.92, unreadableStore: 0.88 },
  'ai_generated.c2pa_generator': 0.88,
  'signature_invalidated.c2pa_asset_changed': 0.8,
  'signature_invalidated.c2pa_manifest_altered': 0.6,
  'ai_generated.generator_software': 0.9,
  'ai_generated.generation_parameters': 0.97,
  'ai_generated.stealth_parameters': 0.95,
} as const satisfies Readonly<Record<string, Strength>>;

export type StrengthCode = keyof typeof STRENGTH;

/**
 * Ceilings put on findings of several reasons at once, when a second observation explains the
 * first away or limits what it can show.
 */
export const STRENGTH_CAP = {
  /** The attached e-invoice XML states the same IBAN or figure: the issuer's own data. Context. */
  agreesWithEInvoice: 0.05,
  /** A writer known to embed one font subset per instance, file untouched since. Context. */
  perInstanceSubsets: 0.05,
  /** A recognised conversion stamp explains the Info/XMP disagreement. Context. */
  conversionStamp: 0.1,
  /** Info rewritten by macOS Quartz over the source's XMP: one re-save on a Mac, worth a look. */
  quartzResave: 0.3,
  /** A cover repeated with the same text at the same place on several pages: the layout's own. Context. */
  repeatedLayoutCover: 0.1,
  /** The same hidden line (figures aside) at one place on several pages: a slug or job ticket. Context. */
  runningMark: 0.1,
  /** Text overflowing from a table cell under the next cell's background, painted after it. Context. */
  cellOverflow: 0.1,
  /** A value of a filled-in form's field layer, fitted to its field by the filling tool. Context. */
  filledFieldValue: 0.1,
  /** Arithmetic in a document typed by hand: suspicious, short of decisive. */
  typedByHand: 0.7,
} as const;

/** Every value a reason code can carry, smallest first (for the docs and the calibration check). */
export function strengthValues(s: Strength): number[] {
  return (typeof s === 'number' ? [s] : Object.values(s)).slice().sort((a, b) => a - b);
}
