/**
 * Double JPEG compression: the luma DCT histograms show the periodic gaps that a coarse first
 * quantisation leaves after a finer second one. It says the image was decoded and saved again,
 * as happens when a JPEG is opened in an editor, changed and exported. A camera original is
 * compressed once, so the finding is stronger when EXIF claims one.
 */
import { defineDetector } from '../detect/types.js';
import { dctHistograms, gapScore } from './dct-histogram.js';
import { hasCameraCapture } from './format.js';
import { estimateQuality } from './quant-tables.js';

export default defineDetector({
  meta: {
    id: 'image/double-compression',
    description: 'Periodic gaps in the DCT coefficient histograms left by compressing a JPEG twice.',
    appliesTo: ['image'],
    emits: [{ flag: 'compression_anomaly', reasons: ['double_jpeg'] }],
  },
  async run(ctx) {
    const image = ctx.image;
    const luma = image?.quantTables[0];
    const frame = image?.jpeg?.frame;
    if (!image || image.damage || image.format !== 'jpeg' || !luma || luma.length !== 64 || !frame) return [];
    const h = await dctHistograms(ctx.bytes, frame.width, frame.height, luma);
    // Too few textured blocks, or a decode that does not line up with the 8x8 grid.
    if (!h || h.blocks < 300 || h.residual > 0.25) return [];
    const { dips, eligible, positions } = gapScore(h);
    if (eligible < 20 || dips < 4 || positions < 2 || dips / eligible < 0.15) return [];
    const camera = hasCameraCapture(image);
    return [
      {
        flag: 'compression_anomaly',
        code: 'compression_anomaly.double_jpeg',
        summary: camera
          ? `The image was compressed twice (periodic gaps in ${dips} of ${eligible} DCT histogram bins), although its EXIF presents it as a camera original.`
          : `The image was compressed twice (periodic gaps in ${dips} of ${eligible} DCT histogram bins): it was decoded and saved again.`,
        pages: [1],
        strength: camera ? 0.5 : 0.35,
        evidence: { dips, eligible, currentQuality: estimateQuality(luma), cameraClaimed: camera },
      },
    ];
  },
});
