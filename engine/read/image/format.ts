/**
 * What kind of image a document is: a camera photo, a scanned page, a screenshot or a digitally
 * rendered graphic. Decided from capture metadata first (it is explicit), then from traits of
 * the pixels and container (resolution, page-white background, screen sizes).
 */
import type { DocumentFormat } from '../../types.js';
import type { ImageInfo } from './types.js';

const SCANNER_SOFTWARE =
  /\b(scan|scanner|scansnap|canoscan|epson scan|vuescan|naps2|paperport|image capture|twain|wia|camscanner|genius scan|office lens|microsoft lens|adobe scan|scanbot|tinyscan|docucentre|imagerunner|bizhub|workcentre|versalink|altalink|laserjet|officejet|mfp|mfc-|ecosys|taskalfa|sharp mx|xerox|fi-\d{4})/i;
const SCREENSHOT_SOFTWARE =
  /\b(screenshot|screen ?shot|snipping|snip & sketch|greenshot|sharex|lightshot|flameshot|spectacle|screencapture|gnome-screenshot|ksnapshot|shottr|cleanshot|monosnap)\b/i;

/** Common logical widths/heights of monitors and phones (and their 2x/3x renders). */
const SCREEN_SIZES = new Set([
  640, 720, 750, 768, 800, 828, 900, 960, 1024, 1050, 1080, 1125, 1170, 1179, 1200, 1242, 1280, 1284, 1290, 1334, 1360, 1366, 1440, 1536, 1600, 1668, 1680,
  1792, 1920, 2048, 2160, 2208, 2224, 2388, 2436, 2532, 2556, 2560, 2688, 2732, 2778, 2796, 2880, 3024, 3200, 3440, 3840, 5120,
]);

function str(v: unknown): string {
  if (typeof v === 'string') return v;
  if (Array.isArray(v)) return v.filter((x) => typeof x === 'string').join(' ');
  if (v && typeof v === 'object' && 'value' in v && typeof (v as { value: unknown }).value === 'string') return (v as { value: string }).value;
  return '';
}

/** Every free-text tag that can name the producing software or device. */
export function softwareNames(image: ImageInfo): string[] {
  const m = image.metadata;
  const names = [m.Software, m.CreatorTool, m.ProcessingSoftware, m.HostComputer, m.Creator, m.creator, m.tool, m.Tool]
    .map(str)
    .filter((s) => s.trim().length > 0);
  for (const key of ['Software', 'Source', 'Comment', 'Description']) {
    const t = image.pngText[key];
    if (t && t.length < 300) names.push(t);
  }
  return names;
}

export function hasCameraCapture(image: ImageInfo): boolean {
  const m = image.metadata;
  const exposure =
    m.ExposureTime !== undefined || m.FNumber !== undefined || m.ISO !== undefined || m.ISOSpeedRatings !== undefined || m.FocalLength !== undefined;
  return exposure || (str(m.Make).length > 0 && str(m.Model).length > 0 && m.DateTimeOriginal !== undefined);
}

function hasGps(image: ImageInfo): boolean {
  const gps = image.metadataSegments.gps;
  return !!gps && (gps.GPSLatitude !== undefined || gps.latitude !== undefined);
}

function looksLikeScreen(image: ImageInfo): boolean {
  const { width: w, height: h } = image;
  return SCREEN_SIZES.has(w) && SCREEN_SIZES.has(h) && w !== h;
}

export function classifyImageFormat(image: ImageInfo): DocumentFormat {
  const software = softwareNames(image).join(' | ');
  const model = `${str(image.metadata.Make)} ${str(image.metadata.Model)}`;
  const userComment = str(image.metadata.UserComment);

  if (SCREENSHOT_SOFTWARE.test(software) || /^screenshot$/i.test(userComment.trim())) return 'screenshot';
  if (SCANNER_SOFTWARE.test(software) || SCANNER_SOFTWARE.test(model)) return 'scan_image';
  if (hasCameraCapture(image) || hasGps(image)) return 'photo';

  const dpi = image.density ?? 0;
  const pageLike = image.whiteFraction >= 0.5;
  if (dpi >= 200 && dpi <= 600 && pageLike) return 'scan_image';
  if (image.format === 'png' && looksLikeScreen(image) && !image.hasAlpha) return 'screenshot';
  return 'digital_image';
}
