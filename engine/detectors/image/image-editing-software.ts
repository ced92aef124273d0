/**
 * An image editor named as the software that last wrote the image (EXIF Software, XMP
 * CreatorTool, XMP history, PNG Software). For a document image this is context a reviewer
 * needs: the pixels passed through a tool that can change them. It is never proof on its own
 * (photographers develop genuine photos in Lightroom), hence modest strengths.
 */
import type { DetectorContext } from '../../facts/context.js';
import { defineDetector, type Emit } from '../define.js';
import { xmpValues } from '../../read/provenance/xmp-source.js';
import { editorNamed } from '../../read/metadata/editors.js';
import { hasCameraCapture } from '../../read/image/format.js';
import { STRENGTH } from '../strengths.js';

function candidates(ctx: DetectorContext): Array<{ field: string; value: string }> {
  const image = ctx.image!;
  const out: Array<{ field: string; value: string }> = [];
  const add = (field: string, v: unknown) => {
    if (typeof v === 'string' && v.trim() && v.length < 300) out.push({ field, value: v.trim() });
  };
  add('EXIF Software', image.metadataSegments.ifd0?.Software);
  add('EXIF ProcessingSoftware', image.metadataSegments.ifd0?.ProcessingSoftware);
  add('PNG Software', image.pngText.Software);
  add('PNG ihdr Software', image.metadataSegments.ihdr?.Software);
  if (image.xmp) {
    for (const v of xmpValues(image.xmp, 'CreatorTool')) add('XMP CreatorTool', v);
    for (const v of xmpValues(image.xmp, 'softwareAgent')) add('XMP history', v);
  }
  return out;
}

/** The editor the image's own metadata names as its last writer, heavy editors first. */
export function declaredEditor(ctx: DetectorContext): { field: string; value: string; name: string; kind: 'heavy' | 'workflow' } | null {
  if (!ctx.image) return null;
  let best: { field: string; value: string; name: string; kind: 'heavy' | 'workflow' } | null = null;
  for (const c of candidates(ctx)) {
    const e = editorNamed(c.value);
    if (e && (!best || (best.kind === 'workflow' && e.kind === 'heavy'))) best = { ...c, ...e };
  }
  return best;
}

const EMITS = [{ flag: 'editing_software', reasons: ['image_editor', 'photo_workflow'] }] as const satisfies readonly Emit[];

export const imageEditingSoftwareDetector = defineDetector({
  meta: {
    id: 'image/editing-software',
    description: 'An image editor recorded as the software that produced or last saved the image.',
    appliesTo: ['image'],
    needs: ['image'],
    emits: EMITS,
  },
  run(ctx) {
    const best = declaredEditor(ctx);
    if (!best) return [];
    const heavy = best.kind === 'heavy';
    // A camera photo whose capture record (exposure, camera, time taken) survived the save was
    // resized or exported by the editor, as photographers do every day: the name alone says the
    // pixels passed through the tool, not that they were changed. Pixel checks judge that.
    const cameraPhoto = heavy && !!ctx.image && hasCameraCapture(ctx.image);
    if (cameraPhoto) {
      return [
        {
          flag: 'editing_software',
          code: 'editing_software.image_editor',
          summary: `The camera photo was saved again by ${best.name} (${best.field}: "${best.value}"); its capture record survived, as with an export or resize. Context.`,
          pages: [1],
          strength: STRENGTH['editing_software.image_editor'].cameraCaptureKept,
          evidence: { field: best.field, value: best.value, software: best.name, cameraCapture: true },
        },
      ];
    }
    return [
      {
        flag: 'editing_software',
        code: heavy ? 'editing_software.image_editor' : 'editing_software.photo_workflow',
        summary: heavy
          ? `The image was saved by ${best.name} (${best.field}: "${best.value}"), an editor that can alter pixels.`
          : `The image passed through ${best.name} (${best.field}: "${best.value}"), a photo development tool.`,
        pages: [1],
        strength: heavy ? STRENGTH['editing_software.image_editor'].editor : STRENGTH['editing_software.photo_workflow'],
        evidence: { field: best.field, value: best.value, software: best.name },
      },
    ];
  },
});
