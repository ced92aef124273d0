/**
 * Double JPEG compression: the luma DCT histograms show the periodic gaps that a coarse first
 * quantisation leaves after a finer second one. It says the image was decoded and saved again,
 * as happens when a JPEG is opened in an editor, changed and exported. A camera original is
 * compressed once, so the finding is stronger when EXIF claims one.
 */
import { defineDetector, type Emit } from '../define.js';
import { gapScore } from '../../read/image/dct-histogram.js';
import { declaredEditor } from './image-editing-software.js';
import { hasCameraCapture } from '../../read/image/format.js';
import { estimateQuality } from '../../read/image/quant-tables.js';
import { thresholdValues, type Threshold } from '../thresholds.js';
import { STRENGTH } from '../strengths.js';

const THRESHOLDS = {
  minBlocks: { value: 300, why: 'Too few textured blocks leave the histograms too thin to show gaps.' },
  maxGridResidual: { value: 0.3, why: 'A decode off the 8x8 grid leaves larger residuals; fine second steps (q95) stay near 0.25.' },
  minEligibleFrequencies: { value: 6, why: 'Several frequencies must agree: one odd histogram is texture, not a quantisation lattice.' },
  minDips: { value: 4, why: 'Gaps in at least this many histogram bins in all.' },
  minFirstGapPositions: { value: 4, why: 'Of the 9 low AC frequencies analysed, how many must show the first lattice gap.' },
} as const satisfies Record<string, Threshold>;
const T = thresholdValues(THRESHOLDS);

const EMITS = [{ flag: 'compression_anomaly', reasons: ['double_jpeg'] }] as const satisfies readonly Emit[];

export const doubleCompressionDetector = defineDetector({
  meta: {
    id: 'image/double-compression',
    description: 'Periodic gaps in the DCT coefficient histograms left by compressing a JPEG twice.',
    appliesTo: ['image'],
    needs: ['dct', 'image'],
    emits: EMITS,
    thresholds: THRESHOLDS,
  },
  async run(ctx) {
    const image = ctx.image;
    const luma = image?.quantTables[0];
    const frame = image?.jpeg?.frame;
    if (!image || image.damage || image.format !== 'jpeg' || !luma || luma.length !== 64 || !frame) return [];
    const h = await ctx.facts.get('dct');
    // Too few textured blocks, or a decode that does not line up with the 8x8 grid (fine
    // second steps of 1-2, as at quality 95, leave residuals up to ~0.25 on an aligned grid).
    if (!h || h.blocks < T.minBlocks || h.residual > T.maxGridResidual) return [];
    const { dips, eligible, positions } = gapScore(h);
    // Several frequencies must agree: one odd histogram is texture, not a quantisation lattice.
    if (eligible < T.minEligibleFrequencies || dips < T.minDips || positions < T.minFirstGapPositions) return [];
    const camera = hasCameraCapture(image);
    // A camera picture developed or exported by a photo tool that says so in its metadata has
    // been compressed twice by design: the second compression is declared, not hidden.
    const workflow = declaredEditor(ctx);
    if (workflow?.kind === 'workflow') {
      return [
        {
          flag: 'compression_anomaly',
          code: 'compression_anomaly.double_jpeg',
          summary: `The image was compressed twice, as a re-save by ${workflow.name} (${workflow.field}: "${workflow.value}") does; context.`,
          pages: [1],
          strength: STRENGTH['compression_anomaly.double_jpeg'].photoWorkflow,
          evidence: { dips, eligible, frequencies: positions, currentQuality: estimateQuality(luma), cameraClaimed: camera, declaredBy: workflow.value },
        },
      ];
    }
    return [
      {
        flag: 'compression_anomaly',
        code: 'compression_anomaly.double_jpeg',
        summary: camera
          ? `The image was compressed twice (starved DCT histogram bins at ${positions} of 9 frequencies, ${dips} gaps in all), although its EXIF presents it as a camera original.`
          : `The image was compressed twice (starved DCT histogram bins at ${positions} of 9 frequencies, ${dips} gaps in all): it was decoded and saved again.`,
        pages: [1],
        strength: camera ? STRENGTH['compression_anomaly.double_jpeg'].cameraClaimed : STRENGTH['compression_anomaly.double_jpeg'].resaved,
        evidence: { dips, eligible, frequencies: positions, currentQuality: estimateQuality(luma), cameraClaimed: camera },
      },
    ];
  },
});
