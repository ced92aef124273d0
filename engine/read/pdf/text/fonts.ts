/** Font facts as pdf.js loaded them (page.commonObjs), with the subset tag split off the BaseFont. */
import type { FontFacts } from './types.js';

/** The subset of pdf.js's FontFaceObject we read (getters over its transferred font data). */
interface LoadedFont {
  name?: string;
  loadedName?: string;
  fallbackName?: string;
  missingFile?: boolean;
  isType3Font?: boolean;
  bold?: boolean;
  italic?: boolean;
  ascent?: number;
  descent?: number;
  fontMatrix?: ArrayLike<number>;
  vertical?: boolean;
}

export interface FontMetrics {
  facts: FontFacts;
  ascent: number;
  descent: number;
  /** Glyph-space to text-space scale for advances (0.001 for ordinary fonts). */
  widthScale: number;
  vertical: boolean;
}

interface ObjStore {
  has(id: string): boolean;
  get(id: string): unknown;
}

const SUBSET = /^([A-Z]{6})\+(.+)$/;
/** Some embedders (pdf-lib) mark a subset with a numeric suffix instead: `LiberationSans-9742`. */
const SUFFIX_TAG = /^(.+)-(\d{4,})$/;

export function splitSubset(name: string): { subsetTag: string | null; baseName: string } {
  const m = SUBSET.exec(name);
  if (m) return { subsetTag: m[1], baseName: m[2] };
  const n = SUFFIX_TAG.exec(name);
  return n ? { subsetTag: n[2], baseName: n[1] } : { subsetTag: null, baseName: name };
}

/**
 * Style-free family of a font name, so that `ABCDEF+Arial-BoldMT`, `Arial,Italic` and `ArialMT`
 * compare equal; used to tell a weight/style variant from a different face. Writers that name a
 * face by its Windows (GDI) name rather than its PostScript name separate the style with a space
 * (`TAHOMA Bold`, `Arial Bold Italic`: llPDFLib and other GDI-based report writers), so a space
 * separates it too.
 */
export function fontFamily(name: string): string {
  const { baseName } = splitSubset(name);
  return baseName
    .replace(
      /[,\s-](?:\s?(?:Bold|Italic|Oblique|Regular|Roman|Book|Medium|Light|Semibold|SemiBold|Black|Heavy|Demi|Condensed|Narrow|BoldItalic|BoldOblique))+(?:MT|PS)?$/i,
      '',
    )
    .replace(/(?:MT|PS|PSMT)$/, '')
    .replace(/[-,\s]+$/, '')
    .toLowerCase();
}

const DEFAULT_ASCENT = 0.8;
const DEFAULT_DESCENT = -0.2;

/** Per-document cache: pdf.js loaded names are unique within one document. */
export class FontTable {
  private readonly byId = new Map<string, FontMetrics>();

  lookup(store: ObjStore, fontId: string): FontMetrics {
    const cached = this.byId.get(fontId);
    if (cached) return cached;
    let font: LoadedFont | null = null;
    try {
      font = store.has(fontId) ? (store.get(fontId) as LoadedFont) : null;
    } catch {
      font = null;
    }
    const name = font?.name || fontId;
    const { subsetTag, baseName } = splitSubset(name);
    const ascent = typeof font?.ascent === 'number' && font.ascent > 0 && font.ascent < 2 ? font.ascent : DEFAULT_ASCENT;
    const descent = typeof font?.descent === 'number' && font.descent < 0 && font.descent > -1 ? font.descent : DEFAULT_DESCENT;
    const matrix = font?.fontMatrix;
    const metrics: FontMetrics = {
      facts: {
        fontId,
        name,
        subsetTag,
        baseName,
        embedded: font ? !font.missingFile : false,
        type3: !!font?.isType3Font,
        bold: !!font?.bold || /bold|black|heavy|semibold|demi/i.test(baseName),
        italic: !!font?.italic || /italic|oblique/i.test(baseName),
      },
      ascent,
      descent,
      widthScale: matrix && Number.isFinite(matrix[0]) && matrix[0] !== 0 ? matrix[0] : 0.001,
      vertical: !!font?.vertical,
    };
    // Only cache real lookups: a font may resolve later in the page.
    if (font) this.byId.set(fontId, metrics);
    return metrics;
  }
}
