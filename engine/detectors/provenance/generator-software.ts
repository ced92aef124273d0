/**
 * A generative-image product named as the producing software: EXIF Software/Artist/Make,
 * XMP CreatorTool, PNG Software/Source text, PDF Producer/Creator.
 */
import type { DetectorContext } from '../../facts/context.js';
import { defineDetector, type Emit } from '../define.js';
import { generatorNamed } from '../../read/provenance/generators.js';
import { xmpOf } from '../../facts/xmp-packet.js';
import { xmpValues } from '../../read/provenance/xmp-source.js';
import { STRENGTH } from '../strengths.js';

function asText(v: unknown): string {
  if (typeof v === 'string') return v;
  if (v && typeof v === 'object' && 'value' in v) return String((v as { value: unknown }).value);
  return '';
}

function softwareFields(ctx: DetectorContext): Array<{ field: string; value: string }> {
  const out: Array<{ field: string; value: string }> = [];
  const push = (field: string, v: unknown) => {
    const value = asText(v).trim();
    if (value && value.length < 500) out.push({ field, value });
  };
  if (ctx.image) {
    const m = ctx.image.metadataSegments;
    for (const key of ['Software', 'Make', 'Model', 'Artist', 'HostComputer', 'ProcessingSoftware']) push(`EXIF ${key}`, m.ifd0?.[key]);
    for (const key of ['Software', 'Source', 'Author']) push(`PNG ${key}`, ctx.image.pngText[key]);
  }
  if (ctx.pdf?.info) for (const key of ['Producer', 'Creator']) push(`PDF ${key}`, ctx.pdf.info[key]);
  const xmp = xmpOf(ctx);
  if (xmp) {
    for (const v of xmpValues(xmp, 'CreatorTool')) push('XMP CreatorTool', v);
    for (const v of xmpValues(xmp, 'Producer')) push('XMP Producer', v);
    for (const v of xmpValues(xmp, 'softwareAgent')) push('XMP history softwareAgent', v);
  }
  return out;
}

const EMITS = [{ flag: 'ai_generated', reasons: ['generator_software'] }] as const satisfies readonly Emit[];

export const generatorSoftwareDetector = defineDetector({
  meta: {
    id: 'provenance/generator-software',
    description: 'An image-generation product named as the software that made the file.',
    appliesTo: ['image', 'pdf'],
    needs: ['image', 'pdf'],
    emits: EMITS,
  },
  run(ctx) {
    for (const { field, value } of softwareFields(ctx)) {
      const gen = generatorNamed(value);
      if (!gen) continue;
      return [
        {
          flag: 'ai_generated',
          code: 'ai_generated.generator_software',
          summary: `${field} names ${gen} ("${value.slice(0, 80)}"), an AI image generator.`,
          pages: [1],
          strength: STRENGTH['ai_generated.generator_software'],
          evidence: { field, value, generator: gen },
        },
      ];
    }
    return [];
  },
});
