/**
 * Producer family of a PDF from its Info Producer and Creator: the software that wrote the
 * bytes (not the author's tool when a driver or distiller sits in between). The corpus tools
 * report false-alarm rates per family, and the engine reads what genuine files of the family
 * commonly show as context (engine/scoring/producer-context.ts). The first rule that matches
 * wins; order matters.
 */
/** [family, Producer pattern, Creator pattern that must match too]. */
const RULES: ReadonlyArray<readonly [string, RegExp, RegExp?]> = [
  ['ocrmypdf', /ocrmypdf/i],
  ['pdftex', /pdf-?e?tex|pdflatex/i],
  ['luatex', /luatex|luahbtex|lualatex/i],
  ['xetex', /xetex|xelatex|xdvipdfmx/i],
  ['dvipdfmx', /dvipdfm/i],
  ['context', /\bConTeXt\b/i],
  ['lilypond', /lilypond/i],
  ['dvips+ghostscript', /ghostscript|gpl gs/i, /dvips/i],
  ['ghostscript', /ghostscript|\bGPL\b.*\bgs\b|artifex/i],
  ['distiller', /distiller/i],
  ['acrobat-pdfmaker', /pdfmaker/i],
  ['acrobat', /adobe acrobat|acrobat pro|acrobat \d|paper capture/i],
  ['indesign', /indesign/i],
  ['illustrator', /illustrator/i],
  ['framemaker', /framemaker/i],
  ['adobe-pdf-library', /adobe pdf library/i],
  ['ms-office', /microsoft|word|excel|powerpoint|\bmso\b/i],
  ['libreoffice', /libreoffice|openoffice|staroffice|neooffice/i],
  ['macos-quartz', /quartz|mac os x|macos/i],
  ['chromium-skia', /skia|chrom/i],
  ['wkhtmltopdf-qt', /wkhtmltopdf|\bQt\b/i],
  ['cairo', /cairo/i],
  ['inkscape', /inkscape/i],
  ['fop', /\bFOP\b/i],
  ['reportlab', /reportlab/i],
  ['groff', /groff|gropdf/i],
  ['itext', /itext/i],
  ['pdfbox', /pdfbox/i],
  ['pdflib', /pdflib/i],
  ['prince', /prince/i],
  ['weasyprint', /weasyprint/i],
  ['matplotlib', /matplotlib/i],
  ['asymptote', /asymptote/i],
  ['metapost', /metapost|mpost/i],
  ['gnuplot', /gnuplot/i],
  ['r-graphics', /^R\b|\bR Graphics/],
  ['scribus', /scribus/i],
  ['qpdf', /qpdf/i],
  ['pdftk', /pdftk/i],
  ['pypdf', /pypdf/i],
  ['pdf-lib', /pdf-lib/i],
  ['pdfkit', /pdfkit/i],
  ['mupdf', /mupdf/i],
  ['poppler', /poppler/i],
  ['imagemagick', /imagemagick/i],
  ['img2pdf', /img2pdf/i],
  ['tesseract', /tesseract/i],
  ['scanner', /scan|canon|xerox|ricoh|konica|kyocera|epson|brother|sharp|hewlett|\bHP\b|lexmark|abbyy|finereader/i],
  ['corel', /corel/i],
  ['quark', /quark/i],
  ['pdf-xchange', /pdf-xchange/i],
  ['foxit', /foxit/i],
  ['nitro', /nitro/i],
  ['pdfcreator', /pdfcreator|pdf24|cutepdf|primopdf|bullzip|novapdf|dopdf/i],
  ['xpdf-ps', /xpdf|pstopdf|ps2pdf/i],
  ['tex-other', /\bTeX\b|dvi|vtex|texshop|latex/i],
  ['ipe', /\bipe/i],
  ['dynapdf', /dynapdf/i],
  ['aspose', /aspose/i],
  ['potrace', /potrace/i],
  ['fontforge', /fontforge/i],
  ['asciidoctor', /asciidoctor/i],
];

export function familyOf(producer = '', creator = ''): string {
  const p = producer.trim();
  const c = creator.trim();
  if (!p && !c) return 'none';
  for (const [family, re, creatorRe] of RULES) {
    if (creatorRe) {
      if (re.test(p) && creatorRe.test(c)) return family;
      continue;
    }
    if (re.test(p)) return family;
  }
  for (const [family, re, creatorRe] of RULES) if (!creatorRe && re.test(c)) return family;
  const word =
    (p || c)
      .toLowerCase()
      .replace(/[^a-z0-9 .+-]/g, ' ')
      .trim()
      .split(/\s+/)[0] ?? '';
  return `other:${word.replace(/[0-9.]+$/, '') || 'unknown'}`;
}
