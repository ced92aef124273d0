/**
 * Which software made the file and which last saved it. An editor (Acrobat edit session, Foxit,
 * online editors, image editors) as the last writer of a document that an issuing system
 * created is the classic trace of an altered statement. Consumer origins (office suite,
 * browser print, phone scan app) are reported as context only.
 */
import type { DetectorContext } from '../context.js';
import { defineDetector } from '../detect/types.js';
import type { Finding } from '../types.js';
import { metadataFacts } from './facts.js';
import { CONSUMER_KINDS, EDITOR_KINDS, classifySoftware, type SoftwareClass } from './producers.js';

const EDIT_ACTIONS = /^(?:saved|edited|modified|changed|converted|derived|filtered|cropped)$/i;

export const editingSoftwareDetector = defineDetector({
  meta: {
    id: 'metadata/editing-software',
    description: 'The producer, a later revision or the XMP history names document or image editing software; consumer-software origin as context.',
    appliesTo: ['pdf'],
    emits: [
      { flag: 'editing_software', reasons: ['editor_after_issuer', 'editor_producer', 'editor_update', 'xmp_history'] },
      { flag: 'low_trust_origin', reasons: ['consumer_software'] },
    ],
  },
  run(ctx: DetectorContext): Finding[] {
    const m = metadataFacts(ctx);
    if (!m || !m.readable) return [];
    const findings: Finding[] = [];
    const producer = classifySoftware(m.producer);
    const creator = classifySoftware(m.creator);
    const editorFinding = lastWriterFinding(m.producer, producer, m.creator, creator);
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
        strength: r.kind === 'content_edit' ? 0.6 : 0.4,
      });
    }

    const edits = (m.xmp?.history ?? []).filter((h) => EDIT_ACTIONS.test(h.action) && EDITOR_KINDS.has(classifySoftware(h.softwareAgent).kind));
    if (edits.length && !editorFinding) {
      const agents = [...new Set(edits.map((h) => h.softwareAgent))];
      findings.push({
        flag: 'editing_software',
        code: 'editing_software.xmp_history',
        summary: `The XMP history records ${edits.length} editing step(s) with ${agents.join(', ')}.`,
        pages: [],
        evidence: { history: edits.slice(0, 10) },
        strength: 0.45,
      });
    }

    const origin = [producer, creator].find((c) => CONSUMER_KINDS.has(c.kind) || (c.kind === 'scanner' && c.product === 'Phone scan app'));
    if (origin && !findings.length) {
      findings.push({
        flag: 'low_trust_origin',
        code: 'low_trust_origin.consumer_software',
        summary: `Made with consumer software (${origin.product}) rather than an issuing system; context for review, not a sign of tampering.`,
        pages: [],
        evidence: { producer: m.producer, creator: m.creator, kind: origin.kind },
        strength: 0.1,
      });
    }
    return findings;
  },
});

function lastWriterFinding(producerName: string | undefined, producer: SoftwareClass, creatorName: string | undefined, creator: SoftwareClass): Finding | null {
  const editor = EDITOR_KINDS.has(producer.kind) ? producer : null;
  if (!editor) {
    // An editor as Creator with a library producer: the document was authored in the editor.
    if (EDITOR_KINDS.has(creator.kind) && creator.kind !== 'editor') {
      return {
        flag: 'editing_software',
        code: 'editing_software.editor_producer',
        summary: `The document was made with ${creator.product} ("${creatorName}"), software for designing or editing documents and images.`,
        pages: [],
        evidence: { producer: producerName, creator: creatorName },
        strength: 0.4,
      };
    }
    return null;
  }
  const differentCreator = creatorName && creator.product !== editor.product;
  if (differentCreator && (creator.kind === 'issuer_system' || creator.kind === 'library' || creator.kind === 'unknown')) {
    return {
      flag: 'editing_software',
      code: 'editing_software.editor_after_issuer',
      summary: `Created by "${creatorName}" but last saved by ${editor.product} ("${producerName}"): the issued document was opened and saved again in an editor.`,
      pages: [],
      evidence: { producer: producerName, creator: creatorName, before: creatorName, after: producerName },
      strength: creator.kind === 'issuer_system' ? 0.7 : 0.55,
    };
  }
  // Authoring in Acrobat or a desktop editor is common for forms; online and image editors are not.
  const strength = editor.kind === 'editor' ? (differentCreator ? 0.4 : 0.15) : 0.6;
  return {
    flag: 'editing_software',
    code: 'editing_software.editor_producer',
    summary: `The file was produced by ${editor.product} ("${producerName}")${creatorName ? ` from "${creatorName}"` : ''}, software used to edit documents.`,
    pages: [],
    evidence: { producer: producerName, creator: creatorName },
    strength,
  };
}
