/**
 * Which software made the file and which last saved it. An editor (Acrobat edit session, Foxit,
 * online editors, image editors) as the last writer of a document that an issuing system
 * created is the classic trace of an altered statement. Consumer origins (office suite,
 * browser print, phone scan app) are reported as context only.
 */
import type { DetectorContext } from '../../facts/context.js';
import { defineDetector, type DeclaredFinding, type Emit } from '../define.js';
import {
  CONSUMER_KINDS,
  EDITOR_KINDS,
  classifySoftware,
  isDesignTool,
  isOnlineDesignTool,
  isOnlinePageTool,
  type SoftwareClass,
} from '../../read/metadata/producers.js';
import type { DocType } from '../../types.js';
import type { XmpHistoryEvent } from '../../read/metadata/xmp.js';
import { STRENGTH } from '../strengths.js';

const EDIT_ACTIONS = /^(?:saved|edited|modified|changed|converted|derived|filtered|cropped)$/i;

const EMITS = [
  { flag: 'editing_software', reasons: ['editor_after_issuer', 'editor_producer', 'editor_update', 'xmp_history', 'design_origin'] },
  { flag: 'low_trust_origin', reasons: ['consumer_software'] },
] as const satisfies readonly Emit[];
/** What this detector may report: exactly the codes it declares (a compile error otherwise). */
type Found = DeclaredFinding<typeof EMITS>;

export const pdfEditingSoftwareDetector = defineDetector({
  meta: {
    id: 'metadata/editing-software',
    description: 'The producer, a later revision or the XMP history names document or image editing software; consumer-software origin as context.',
    appliesTo: ['pdf'],
    needs: ['metadata', 'revisions', 'extracted'],
    emits: EMITS,
  },
  run(ctx: DetectorContext): Found[] {
    const m = ctx.facts.now('metadata');
    if (!m || !m.readable) return [];
    const findings: Found[] = [];
    const producer = classifySoftware(m.producer);
    const creator = classifySoftware(m.creator);
    const editorFinding = lastWriterFinding(m.producer, producer, m.creator, creator, ctx.extracted.doc_type);
    if (editorFinding) findings.push(editorFinding);

    // An update whose producer differs from the original's and is an editor.
    const original = ctx.revisions.find((r) => r.kind === 'original');
    for (const r of ctx.revisions) {
      if (r.kind === 'original' || r.kind === 'linearization' || !r.producer || r.producer === original?.producer) continue;
      const c = classifySoftware(r.producer);
      if (!EDITOR_KINDS.has(c.kind) || editorFinding?.evidence.producer === r.producer) continue;
      findings.push({
        flag: 'editing_software',
        code: 'editing_software.editor_update',
        summary: `Revision ${r.number} was saved by ${c.product} ("${r.producer}")${original?.producer ? `, not by the original producer "${original.producer}"` : ''}.`,
        pages: r.changedPages,
        evidence: { revision: r.number, producer: r.producer, before: original?.producer, after: r.producer },
        strength: r.kind === 'content_edit' ? STRENGTH['editing_software.editor_update'].contentEdit : STRENGTH['editing_software.editor_update'].other,
      });
    }

    // The history corroborates "an editor re-saved an issued document"; beside a weaker
    // producer finding (an office document touched in Acrobat) it would only repeat it.
    const history = historyFinding(m.xmp?.history ?? [], creator);
    const corroborates = !editorFinding || editorFinding.code !== 'editing_software.editor_producer';
    if (history && corroborates) findings.push(history);

    const origin = [producer, creator].find((c) => CONSUMER_KINDS.has(c.kind) || (c.kind === 'scanner' && c.product === 'Phone scan app'));
    if (origin && !findings.length) {
      findings.push({
        flag: 'low_trust_origin',
        code: 'low_trust_origin.consumer_software',
        summary: `Made with consumer software (${origin.product}) rather than an issuing system; context for review, not a sign of tampering.`,
        pages: [],
        evidence: { producer: m.producer, creator: m.creator, kind: origin.kind },
        strength: STRENGTH['low_trust_origin.consumer_software'],
      });
    }
    return findings;
  },
});

/** Documents an institution issues from its own systems, never from a design tool. */
const ISSUED_BY_SYSTEMS: ReadonlySet<DocType> = new Set<DocType>(['bank_statement', 'payslip', 'utility_bill', 'tax_form', 'id_document']);

function lastWriterFinding(
  producerName: string | undefined,
  producer: SoftwareClass,
  creatorName: string | undefined,
  creator: SoftwareClass,
  docType: DocType | null,
): Found | null {
  const editor = EDITOR_KINDS.has(producer.kind) ? producer : null;
  if (!editor) {
    // Designed in a layout tool and written by its PDF library: how brochures and forms are made.
    if (isDesignTool(creator)) return designOrigin(producerName, creatorName, creator);
    // An editor as Creator with a library producer: the document was authored in the editor.
    if (EDITOR_KINDS.has(creator.kind) && creator.kind !== 'editor') {
      return {
        flag: 'editing_software',
        code: 'editing_software.editor_producer',
        summary: `The document was made with ${creator.product} ("${creatorName}"), software for designing or editing documents and images.`,
        pages: [],
        evidence: { producer: producerName, creator: creatorName },
        strength: STRENGTH['editing_software.editor_producer'].authoredInEditor,
      };
    }
    return null;
  }
  const differentCreator = creatorName && creator.product !== editor.product;
  if (isDesignTool(editor) && (!differentCreator || isDesignTool(creator))) return designOrigin(producerName, creatorName, editor);
  // An invoice or receipt designed in Canva is how small businesses make them; a bank statement
  // or payslip designed there is no institution's.
  if (isOnlineDesignTool(editor) && !differentCreator && !(docType && ISSUED_BY_SYSTEMS.has(docType))) return designOrigin(producerName, creatorName, editor);
  if (differentCreator && (creator.kind === 'issuer_system' || creator.kind === 'library' || creator.kind === 'unknown')) {
    return {
      flag: 'editing_software',
      code: 'editing_software.editor_after_issuer',
      summary: `Created by "${creatorName}" but last saved by ${editor.product} ("${producerName}"): the issued document was opened and saved again in an editor.`,
      pages: [],
      evidence: { producer: producerName, creator: creatorName, before: creatorName, after: producerName },
      strength:
        creator.kind === 'issuer_system'
          ? STRENGTH['editing_software.editor_after_issuer'].issuerCreator
          : STRENGTH['editing_software.editor_after_issuer'].otherCreator,
    };
  }
  // Authoring in Acrobat or a desktop editor is common for forms; online and image editors are not.
  // A page tool's lone stamp (no Creator left) says the file went through the service, which
  // merges, splits and compresses far more files than its editor touches.
  const s = STRENGTH['editing_software.editor_producer'];
  const strength =
    editor.kind === 'editor'
      ? differentCreator
        ? s.editorOverOtherCreator
        : s.editorAsOwnCreator
      : isOnlinePageTool(editor) && !creatorName
        ? s.onlinePageTool
        : s.onlineOrImageEditor;
  return {
    flag: 'editing_software',
    code: 'editing_software.editor_producer',
    summary:
      (isOnlinePageTool(editor) && !creatorName
        ? `The file was last written by ${editor.product} ("${producerName}"), an online service whose page tools (merge, split, compress, convert) and editor all stamp it and drop the original Creator; the software that made the document is no longer recorded.`
        : `The file was produced by ${editor.product} ("${producerName}")${creatorName ? ` from "${creatorName}"` : ''}, software used to edit documents.`) +
      (isOnlineDesignTool(editor) && docType
        ? ` A ${docType.replace('_', ' ')} is issued from its institution's own systems, not designed in ${editor.product}.`
        : ''),
    pages: [],
    evidence: { producer: producerName, creator: creatorName },
    strength,
  };
}

function designOrigin(producerName: string | undefined, creatorName: string | undefined, tool: SoftwareClass): Found {
  return {
    flag: 'editing_software',
    code: 'editing_software.design_origin',
    summary: `The document was designed in ${tool.product} ("${creatorName ?? producerName}"), as brochures, forms and some statements are; context, not a sign of editing.`,
    pages: [],
    evidence: { producer: producerName, creator: creatorName },
    strength: STRENGTH['editing_software.design_origin'],
  };
}

/**
 * Editing steps recorded in xmpMM:History by an editor other than the tool that created the
 * document. A history that first shows the document made by other software and then saved in
 * an editor records the sequence itself, with times: an independent record beside the Producer.
 */
function historyFinding(history: XmpHistoryEvent[], creator: SoftwareClass): Found | null {
  const edits = history.filter((h) => {
    const c = classifySoftware(h.softwareAgent);
    return EDIT_ACTIONS.test(h.action) && EDITOR_KINDS.has(c.kind) && c.product !== creator.product && !isDesignTool(c);
  });
  if (!edits.length) return null;
  const firstEdit = history.indexOf(edits[0]);
  const madeElsewhere = history.slice(0, firstEdit).some((h) => h.softwareAgent && !EDITOR_KINDS.has(classifySoftware(h.softwareAgent).kind));
  const agents = [...new Set(edits.map((h) => h.softwareAgent))];
  const origin = madeElsewhere ? history.slice(0, firstEdit).find((h) => h.softwareAgent)?.softwareAgent : undefined;
  return {
    flag: 'editing_software',
    code: 'editing_software.xmp_history',
    summary: `The XMP history records ${edits.length} editing step(s) with ${agents.join(', ')}${origin ? ` after the document was made by ${origin}` : ''}${edits[0].when ? ` (${edits[0].when})` : ''}.`,
    pages: [],
    evidence: { history: history.slice(0, 10), before: origin, after: agents[0] },
    strength: madeElsewhere ? STRENGTH['editing_software.xmp_history'].madeElsewhere : STRENGTH['editing_software.xmp_history'].sameOrigin,
  };
}
