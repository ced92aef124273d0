/**
 * Partly damaged pixel data (truncated scan, corrupt entropy-coded segment). The rest of the
 * analysis ran on what the decoder recovered; the damage itself is context, not proof of a
 * forgery: transfers truncate files, and some tools write sloppy streams. It matters to an
 * examiner because a damaged region can hide or imitate local edits.
 */
import { defineDetector, type Emit } from '../define.js';
import { STRENGTH } from '../strengths.js';

const EMITS = [{ flag: 'structural_anomaly', reasons: ['damaged_image_data'] }] as const satisfies readonly Emit[];

export const damagedDataDetector = defineDetector({
  meta: {
    id: 'image/damaged-data',
    description: 'The image decodes only leniently: part of its compressed pixel data is damaged or truncated.',
    appliesTo: ['image'],
    needs: ['image'],
    emits: EMITS,
  },
  run(ctx) {
    const damage = ctx.image?.damage;
    if (!damage) return [];
    return [
      {
        flag: 'structural_anomaly',
        code: 'structural_anomaly.damaged_image_data',
        summary: `Part of the image data is damaged (decoder: "${damage}"); the image was analysed from the pixels that could be recovered.`,
        pages: [1],
        strength: STRENGTH['structural_anomaly.damaged_image_data'],
        evidence: { decoderMessage: damage },
      },
    ];
  },
});
