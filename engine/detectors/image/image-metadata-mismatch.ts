/**
 * Image metadata records that contradict each other: capture time in EXIF vs XMP, EXIF vs XMP
 * modification time, a modification long after (or before) capture, a camera-vendor firmware
 * that does not belong to the stated camera, and EXIF pixel dimensions that no longer match
 * the image (cropped or resized after capture).
 */
import { defineDetector, type DeclaredFinding, type Emit } from '../define.js';
import { parseMetaDate, unexplainedGap, type MetaDate } from '../../read/metadata/timestamps.js';
import { xmpValues } from '../../read/provenance/xmp-source.js';
import type { ImageInfo } from '../../read/image/types.js';
import { STRENGTH } from '../strengths.js';

const DAY = 24 * 3600e3;

/** Firmware strings that identify a phone platform, to check against EXIF Make. */
const PLATFORM: Array<{ software: RegExp; makes: RegExp; platform: string }> = [
  { software: /\b(?:ios|iphone os)\s?\d/i, makes: /apple/i, platform: 'Apple iOS' },
  {
    software: /\bandroid\b|\bone ?ui\b|\bmiui\b|\bhdr\+\b|\bharmonyos\b/i,
    makes: /samsung|google|xiaomi|huawei|oneplus|oppo|vivo|motorola|sony|lg|nokia|realme|honor|asus|htc|zte|lenovo/i,
    platform: 'Android',
  },
];

function firstXmp(xmp: string | null, names: string[]): MetaDate | null {
  if (!xmp) return null;
  for (const n of names)
    for (const v of xmpValues(xmp, n)) {
      const d = parseMetaDate(v);
      if (d) return d;
    }
  return null;
}

function days(ms: number): string {
  return ms >= 2 * DAY ? `${Math.round(ms / DAY)} days` : `${Math.round(ms / 3600e3)} hours`;
}

/**
 * Editors that rewrite EXIF on save (GIMP stamps IFD0 ModifyDate and Software) keep an XMP packet
 * they do not manage as they found it, with the earlier tool's CreatorTool and ModifyDate. EXIF
 * naming one program and newer than the XMP that names another is that sequence of saves; a date
 * backdated in one record has no such second program, or puts the named later save first.
 */
function successiveSaves(image: ImageInfo, modified: MetaDate, xmpModified: MetaDate): { software: string; tool: string } | null {
  const software = String(image.metadataSegments.ifd0?.Software ?? '').trim();
  const tool = image.xmp ? (xmpValues(image.xmp, 'CreatorTool')[0] ?? '').trim() : '';
  const vendor = (name: string) => name.toLowerCase().match(/[a-z]+/)?.[0] ?? '';
  if (!software || !tool || vendor(software) === vendor(tool) || modified.wall <= xmpModified.wall) return null;
  return { software, tool };
}

function dateFindings(image: ImageInfo): Found[] {
  const out: Found[] = [];
  const exif = image.metadataSegments.exif ?? {};
  const ifd0 = image.metadataSegments.ifd0 ?? {};
  const original = parseMetaDate(exif.DateTimeOriginal) ?? parseMetaDate(exif.CreateDate);
  const modified = parseMetaDate(ifd0.ModifyDate);
  const xmpOriginal = firstXmp(image.xmp, ['DateTimeOriginal', 'DateCreated']);
  const xmpModified = firstXmp(image.xmp, ['ModifyDate']);

  if (original && xmpOriginal && unexplainedGap(original, xmpOriginal) > 120e3) {
    out.push({
      flag: 'metadata_mismatch',
      code: 'metadata_mismatch.capture_date',
      summary: `EXIF says the picture was taken ${original.raw} but XMP says ${xmpOriginal.raw}.`,
      pages: [1],
      strength: STRENGTH['metadata_mismatch.capture_date'],
      evidence: { before: original.raw, after: xmpOriginal.raw, fields: ['EXIF DateTimeOriginal', 'XMP DateCreated/DateTimeOriginal'] },
    });
  }
  if (modified && xmpModified && unexplainedGap(modified, xmpModified) > DAY) {
    const saves = successiveSaves(image, modified, xmpModified);
    out.push({
      flag: 'metadata_mismatch',
      code: 'metadata_mismatch.modify_date',
      summary: saves
        ? `EXIF was last written by ${saves.software} (${modified.raw}), after the XMP packet that ${saves.tool} wrote (${xmpModified.raw}) and that the later save kept as it found it: two saves by two programs, in order. Context.`
        : `EXIF and XMP disagree on when the image was last modified (${modified.raw} vs ${xmpModified.raw}).`,
      pages: [1],
      strength: saves ? STRENGTH['metadata_mismatch.modify_date'].successiveSaves : STRENGTH['metadata_mismatch.modify_date'].disagree,
      evidence: { before: modified.raw, after: xmpModified.raw, fields: ['EXIF ModifyDate', 'XMP ModifyDate'], ...(saves ? { successiveSaves: saves } : {}) },
    });
  }
  const lastModified = [modified, xmpModified].filter((d): d is MetaDate => !!d).sort((a, b) => b.wall - a.wall)[0];
  if (original && lastModified) {
    const gap = lastModified.wall - original.wall;
    if (gap > DAY && unexplainedGap(original, lastModified) > DAY) {
      out.push({
        flag: 'metadata_mismatch',
        code: 'metadata_mismatch.modified_after_capture',
        summary: `The image was modified ${days(gap)} after it was taken (taken ${original.raw}, modified ${lastModified.raw}).`,
        pages: [1],
        // Import tools also stamp a modification date: context, not proof.
        strength: STRENGTH['metadata_mismatch.modified_after_capture'],
        evidence: { before: original.raw, after: lastModified.raw },
      });
    } else if (-gap > DAY && unexplainedGap(original, lastModified) > DAY) {
      out.push({
        flag: 'metadata_mismatch',
        code: 'metadata_mismatch.modified_before_capture',
        summary: `The image claims to have been modified (${lastModified.raw}) before it was taken (${original.raw}).`,
        pages: [1],
        strength: STRENGTH['metadata_mismatch.modified_before_capture'],
        evidence: { before: original.raw, after: lastModified.raw },
      });
    }
  }
  return out;
}

function deviceFindings(image: ImageInfo): Found[] {
  const ifd0 = image.metadataSegments.ifd0 ?? {};
  const make = typeof ifd0.Make === 'string' ? ifd0.Make.trim() : '';
  const software = typeof ifd0.Software === 'string' ? ifd0.Software.trim() : '';
  if (!make || !software) return [];
  for (const p of PLATFORM) {
    if (p.software.test(software) && !p.makes.test(make)) {
      return [
        {
          flag: 'metadata_mismatch',
          code: 'metadata_mismatch.software_device',
          summary: `EXIF Software "${software}" is ${p.platform} firmware, which does not run on the stated camera make "${make}".`,
          pages: [1],
          strength: STRENGTH['metadata_mismatch.software_device'],
          evidence: { make, software },
        },
      ];
    }
  }
  return [];
}

function dimensionFindings(image: ImageInfo): Found[] {
  const exif = image.metadataSegments.exif ?? {};
  const w = Number(exif.ExifImageWidth ?? exif.PixelXDimension);
  const h = Number(exif.ExifImageHeight ?? exif.PixelYDimension);
  if (!(w > 1 && h > 1)) return [];
  const matches = (w === image.width && h === image.height) || (w === image.height && h === image.width);
  if (matches) return [];
  return [
    {
      flag: 'metadata_mismatch',
      code: 'metadata_mismatch.exif_dimensions',
      summary: `EXIF records a ${w}x${h} picture but the image is ${image.width}x${image.height}: it was cropped or resized after capture.`,
      pages: [1],
      strength: STRENGTH['metadata_mismatch.exif_dimensions'],
      evidence: { before: `${w}x${h}`, after: `${image.width}x${image.height}` },
    },
  ];
}

const EMITS = [
  {
    flag: 'metadata_mismatch',
    reasons: ['capture_date', 'modify_date', 'modified_after_capture', 'modified_before_capture', 'software_device', 'exif_dimensions'],
  },
] as const satisfies readonly Emit[];
/** What this detector may report: exactly the codes it declares (a compile error otherwise). */
type Found = DeclaredFinding<typeof EMITS>;

export const imageMetadataMismatchDetector = defineDetector({
  meta: {
    id: 'image/metadata-mismatch',
    description: 'EXIF and XMP records of an image that contradict each other or the image itself.',
    appliesTo: ['image'],
    needs: ['image'],
    emits: EMITS,
  },
  run(ctx) {
    if (!ctx.image) return [];
    return [...dateFindings(ctx.image), ...deviceFindings(ctx.image), ...dimensionFindings(ctx.image)];
  },
});
