/**
 * Image editors as named in Software / CreatorTool / XMP history. The shared producer knowledge
 * base (./producers.ts) is PDF-centred, so photo tools are listed here and the
 * shared one is the fallback; `heavy` editors can retouch pixels freely, `workflow` tools mostly
 * develop or organise photos.
 */
import { classifySoftware } from './producers.js';

export interface EditorMatch {
  name: string;
  kind: 'heavy' | 'workflow';
}

const EDITORS: Array<{ name: string; kind: EditorMatch['kind']; pattern: RegExp }> = [
  { name: 'Adobe Photoshop', kind: 'heavy', pattern: /\bphotoshop\b(?!\s*lightroom)/i },
  { name: 'GIMP', kind: 'heavy', pattern: /\bgimp\b/i },
  { name: 'Pixelmator', kind: 'heavy', pattern: /\bpixelmator\b/i },
  { name: 'Affinity Photo', kind: 'heavy', pattern: /\baffinity (?:photo|designer)\b/i },
  { name: 'Paint.NET', kind: 'heavy', pattern: /\bpaint\.net\b/i },
  { name: 'Photopea', kind: 'heavy', pattern: /\bphotopea\b/i },
  { name: 'Pixlr', kind: 'heavy', pattern: /\bpixlr\b/i },
  { name: 'Corel PaintShop / Photo-Paint', kind: 'heavy', pattern: /\bpaint ?shop pro\b|\bphoto-?paint\b|\bcorel\b/i },
  { name: 'Krita', kind: 'heavy', pattern: /\bkrita\b/i },
  { name: 'Canva', kind: 'heavy', pattern: /\bcanva\b/i },
  { name: 'PicsArt', kind: 'heavy', pattern: /\bpicsart\b/i },
  { name: 'Fotor', kind: 'heavy', pattern: /\bfotor\b/i },
  { name: 'Snapseed', kind: 'heavy', pattern: /\bsnapseed\b/i },
  { name: 'Facetune', kind: 'heavy', pattern: /\bfacetune\b/i },
  { name: 'Adobe Fireworks', kind: 'heavy', pattern: /\bfireworks\b/i },
  { name: 'Adobe Illustrator', kind: 'heavy', pattern: /\billustrator\b/i },
  { name: 'Inkscape', kind: 'heavy', pattern: /\binkscape\b/i },
  { name: 'Microsoft Paint', kind: 'heavy', pattern: /\bms ?paint\b|\bmicrosoft paint\b|\bpaint 3d\b/i },
  { name: 'Acorn', kind: 'heavy', pattern: /\bacorn \d/i },
  { name: 'Luminar', kind: 'heavy', pattern: /\bluminar\b/i },
  { name: 'ACDSee', kind: 'workflow', pattern: /\bacdsee\b/i },
  { name: 'Adobe Lightroom', kind: 'workflow', pattern: /\blightroom\b/i },
  { name: 'Adobe Camera Raw', kind: 'workflow', pattern: /\bcamera raw\b/i },
  { name: 'Capture One', kind: 'workflow', pattern: /\bcapture one\b/i },
  { name: 'darktable', kind: 'workflow', pattern: /\bdarktable\b/i },
  { name: 'RawTherapee', kind: 'workflow', pattern: /\brawtherapee\b/i },
  { name: 'Picasa', kind: 'workflow', pattern: /\bpicasa\b/i },
  { name: 'VSCO', kind: 'workflow', pattern: /\bvsco\b/i },
  { name: 'Polarr', kind: 'workflow', pattern: /\bpolarr\b/i },
  { name: 'ImageMagick', kind: 'workflow', pattern: /\bimagemagick\b/i },
  // Photo managers and viewers that rotate, straighten or export camera pictures.
  { name: 'Shotwell', kind: 'workflow', pattern: /\bshotwell\b/i },
  { name: 'digiKam', kind: 'workflow', pattern: /\bdigikam\b/i },
  { name: 'Apple Photos', kind: 'workflow', pattern: /^photos \d|\bapple photos\b|\biphoto\b|\baperture\b/i },
  { name: 'Windows Photos', kind: 'workflow', pattern: /\bwindows photo|\bphoto gallery\b|\bmicrosoft photos\b/i },
  { name: 'Google Photos', kind: 'workflow', pattern: /\bgoogle photos\b/i },
  { name: 'XnView', kind: 'workflow', pattern: /\bxnview\b/i },
  { name: 'IrfanView', kind: 'workflow', pattern: /\birfanview\b/i },
  { name: 'FastStone', kind: 'workflow', pattern: /\bfaststone\b/i },
  { name: 'gThumb', kind: 'workflow', pattern: /\bgthumb\b/i },
  { name: 'F-Spot', kind: 'workflow', pattern: /\bf-spot\b/i },
  {
    name: 'Nikon / Canon / Sony raw converters',
    kind: 'workflow',
    pattern: /\bcapture nx\b|\bnx studio\b|\bviewnx\b|\bdigital photo professional\b|\bimaging edge\b|\bsilkypix\b|\bdxo\b/i,
  },
];

export function editorNamed(text: string): EditorMatch | null {
  for (const e of EDITORS) if (e.pattern.test(text)) return { name: e.name, kind: e.kind };
  const shared = classifySoftware(text);
  if (shared.kind === 'image_editor' || shared.kind === 'online_editor' || shared.kind === 'editor') return { name: shared.product, kind: 'heavy' };
  return null;
}
