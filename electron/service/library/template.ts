/**
 * Template judgement against the claimed issuer's documents in the workspace (pure). Genuine
 * documents of one issuer to different people share producer chain, fonts and fixed text; a
 * document claiming that issuer but made another way departs from all of them. Judged only when
 * several reviewed-or-clear documents to different people agree with each other, so that one
 * issuer with two genuine channels, or a new issuer, is never flagged.
 */
import { normaliseWords, type Finding } from '../../../engine/index.js';
import { differentNames, type Comparison, type SelfDoc } from './compare.js';
import type { LibraryDoc } from './types.js';

/** Documents of distinct people that must agree before their template counts as the issuer's. */
export const MIN_TEMPLATE_REFERENCES = 3;
const MAX_CITED = 5;

/** The producer without versions ("Core Banking Print 4.2" and "4.3" are one system). */
export function producerFamily(producer: string | null): string {
  return normaliseWords((producer ?? '').replace(/\d+/g, ' ')).join(' ');
}

function overlap(a: readonly string[], b: readonly string[]): number {
  if (a.length === 0 && b.length === 0) return 1;
  const set = new Set(a);
  const common = b.filter((x) => set.has(x)).length;
  return common / Math.max(1, Math.min(a.length, b.length));
}

/** The fixed lines every reference shares (the issuer's own text). */
function commonLines(refs: readonly LibraryDoc[]): string[] {
  return refs.slice(1).reduce((acc, d) => acc.filter((l) => d.fp.template.fixedLines.includes(l)), refs[0].fp.template.fixedLines);
}

export function judgeTemplate(self: SelfDoc, issuerDocs: readonly LibraryDoc[]): Comparison {
  const none: Comparison = { findings: [], relations: [] };
  const mine = self.fp.template;
  if (!self.fp.identity.issuer || mine.fonts.length === 0) return none;
  const refs = issuerDocs.filter(
    (d) => d.decision === 'clear' && d.fp.template.fonts.length > 0 && d.fp.identity.name !== null && differentNames(d.fp.identity.name, self.fp.identity.name),
  );
  const people = new Set(refs.map((d) => d.fp.identity.name));
  if (people.size < MIN_TEMPLATE_REFERENCES) return none;
  const producer = producerFamily(refs[0].fp.template.producer);
  const fonts = refs[0].fp.template.fonts;
  const agree = refs.every(
    (d) => producerFamily(d.fp.template.producer) === producer && overlap(d.fp.template.fonts, fonts) === 1 && d.fp.template.fonts.length === fonts.length,
  );
  if (!agree) return none;
  const fixed = commonLines(refs);
  const fixedShare = fixed.length ? mine.fixedLines.filter((l) => fixed.includes(l)).length / fixed.length : 1;
  const cited = refs.slice(0, MAX_CITED).map((d) => d.checkId);
  const producerDiffers = producerFamily(mine.producer) !== producer;
  const fontsDiffer = overlap(mine.fonts, fonts) < 0.5;
  if (!producerDiffers && !fontsDiffer) {
    return {
      findings: [],
      relations: cited.slice(0, 3).map((id) => ({
        otherId: id,
        relation: 'same_template' as const,
        similarity: round(fixedShare),
        details: { producer: mine.producer, fonts: mine.fonts },
      })),
    };
  }
  // One trait alone is a new software version or a font update; both together is another making.
  if (!(producerDiffers && fontsDiffer)) return none;
  const textDiffers = fixed.length > 0 && fixedShare < 0.5;
  const finding: Finding = {
    flag: 'template_mismatch',
    code: `template_mismatch.${textDiffers ? 'producer_fonts_text' : 'producer_fonts'}`,
    summary:
      `${people.size} clear documents of this issuer to other people (${cited.join(', ')}) were all made by "${refs[0].fp.template.producer ?? 'no producer'}" with fonts ${fonts.join(', ')}; ` +
      `this one by "${mine.producer ?? 'no producer'}" with fonts ${mine.fonts.join(', ')}${textDiffers ? `, and it lacks ${Math.round((1 - fixedShare) * 100)} % of their fixed text` : ''}.`,
    pages: [1],
    strength: textDiffers ? 0.5 : 0.25,
    evidence: {
      related_check_ids: cited,
      fonts: mine.fonts,
      expected_producer: refs[0].fp.template.producer,
      producer: mine.producer,
      expected_fonts: fonts,
      fixed_text_share: round(fixedShare),
    },
  };
  return {
    findings: [finding],
    relations: cited.map((id) => ({
      otherId: id,
      relation: 'template_mismatch' as const,
      similarity: round(fixedShare),
      details: { expected_producer: refs[0].fp.template.producer, producer: mine.producer, expected_fonts: fonts, fonts: mine.fonts },
    })),
  };
}

const round = (v: number) => Math.round(v * 1000) / 1000;
