/**
 * House fonts and how each backend names them. pdfkit embeds TrueType subsets; pdf-lib (without
 * fontkit) and our PostScript writer only know the standard 14, so TrueType families fall back
 * to the closest standard face there.
 */
import { existsSync } from 'node:fs';
import type { HouseFont } from '../data/issuers.js';

export type StandardFamily = 'Helvetica' | 'Times-Roman' | 'Courier';

const TTF: Partial<Record<HouseFont, { regular: string; bold: string }>> = {
  LiberationSans: {
    regular: '/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf',
    bold: '/usr/share/fonts/truetype/liberation/LiberationSans-Bold.ttf',
  },
  LiberationSerif: {
    regular: '/usr/share/fonts/truetype/liberation/LiberationSerif-Regular.ttf',
    bold: '/usr/share/fonts/truetype/liberation/LiberationSerif-Bold.ttf',
  },
  DejaVuSans: { regular: '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf', bold: '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf' },
};

const STANDARD_FALLBACK: Record<HouseFont, StandardFamily> = {
  Helvetica: 'Helvetica',
  'Times-Roman': 'Times-Roman',
  Courier: 'Courier',
  LiberationSans: 'Helvetica',
  LiberationSerif: 'Times-Roman',
  DejaVuSans: 'Helvetica',
};

const STANDARD_BOLD: Record<StandardFamily, string> = { Helvetica: 'Helvetica-Bold', 'Times-Roman': 'Times-Bold', Courier: 'Courier-Bold' };

/** What a layout is measured with: pdfkit font names or TTF file paths. */
export interface FontFace {
  family: HouseFont;
  regular: string;
  bold: string;
  embedded: boolean;
}

export function standardFamily(font: HouseFont): StandardFamily {
  return STANDARD_FALLBACK[font];
}

export function standardFace(font: HouseFont): FontFace {
  const fam = STANDARD_FALLBACK[font];
  return { family: fam, regular: fam, bold: STANDARD_BOLD[fam], embedded: false };
}

/** The face pdfkit uses: the TrueType file when it is installed, else the standard fallback. */
export function embeddedFace(font: HouseFont): FontFace {
  const ttf = TTF[font];
  if (ttf && existsSync(ttf.regular) && existsSync(ttf.bold)) return { family: font, regular: ttf.regular, bold: ttf.bold, embedded: true };
  return standardFace(font);
}

/** A TrueType file for a forger's replacement text, different from any standard face. */
export function forgerTtf(): string | null {
  const candidates = ['/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf', '/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf'];
  return candidates.find((p) => existsSync(p)) ?? null;
}
