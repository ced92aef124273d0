/**
 * Knowledge base of software that writes PDFs, from Producer / Creator / CreatorTool strings.
 * The kind says what the software is for: issuing systems (report engines, core-banking print
 * streams) make genuine statements; editors and online tools are how they get altered;
 * consumer software (office suites, browsers' print, phone scan apps) is context, not proof.
 * Order matters: the first match wins, so specific names precede generic ones.
 */

export type SoftwareKind =
  'issuer_system' | 'office_suite' | 'browser_print' | 'scanner' | 'library' | 'editor' | 'image_editor' | 'online_editor' | 'ai_generator' | 'unknown';

export interface SoftwareClass {
  kind: SoftwareKind;
  product: string;
}

const KB: Array<[RegExp, SoftwareKind, string]> = [
  // Acrobat's scan conversion, before the generic Acrobat editor rule.
  [/\bimage conversion plug-in\b|\bpaper capture\b/i, 'scanner', 'Adobe Acrobat scan conversion'],
  // Online editors and converters: the usual tools of a quick forgery.
  [/\bsejda\b/i, 'online_editor', 'Sejda'],
  [/\bsmallpdf\b/i, 'online_editor', 'Smallpdf'],
  [/\bilovepdf\b/i, 'online_editor', 'iLovePDF'],
  [/\bpdfescape\b/i, 'online_editor', 'PDFescape'],
  [/\bpdffiller\b/i, 'online_editor', 'pdfFiller'],
  [/\bdochub\b/i, 'online_editor', 'DocHub'],
  [/\bpdf2go\b/i, 'online_editor', 'PDF2Go'],
  [/\bsoda ?pdf\b/i, 'online_editor', 'Soda PDF'],
  [/\bpdfsimpli\b/i, 'online_editor', 'PDFSimpli'],
  [/\bcanva\b/i, 'online_editor', 'Canva'],
  [/\bformswift\b/i, 'online_editor', 'FormSwift'],
  [/\bpdf candy\b|\bpdfcandy\b/i, 'online_editor', 'PDF Candy'],
  // Image editors and design tools.
  [/\bphotoshop\b/i, 'image_editor', 'Adobe Photoshop'],
  [/\billustrator\b/i, 'image_editor', 'Adobe Illustrator'],
  [/\bindesign\b/i, 'image_editor', 'Adobe InDesign'],
  [/\bgimp\b/i, 'image_editor', 'GIMP'],
  [/\binkscape\b/i, 'image_editor', 'Inkscape'],
  [/\bcoreldraw\b/i, 'image_editor', 'CorelDRAW'],
  // Corel's PDF engine writes every PDF a Corel application publishes or prints, WordPerfect
  // Office's word processor, spreadsheet and print server among them: it names no design tool.
  [/\bcorel pdf engine\b/i, 'office_suite', 'Corel PDF Engine'],
  [/\bcorel\b/i, 'image_editor', 'CorelDRAW'],
  [/\baffinity\b/i, 'image_editor', 'Affinity'],
  [/\bpixelmator\b/i, 'image_editor', 'Pixelmator'],
  [/\bpaint\.net\b/i, 'image_editor', 'Paint.NET'],
  [/\bphotopea\b/i, 'image_editor', 'Photopea'],
  [/\bscribus\b/i, 'image_editor', 'Scribus'],
  [/\bquarkxpress\b/i, 'image_editor', 'QuarkXPress'],
  // Desktop PDF editors.
  [/\bphantompdf\b|\bfoxit (?:pdf )?editor\b|\bfoxit phantom/i, 'editor', 'Foxit PDF Editor'],
  [/\bpdf-xchange editor\b|\bpdf-xchange viewer\b/i, 'editor', 'PDF-XChange Editor'],
  [/\bnitro\b/i, 'editor', 'Nitro PDF'],
  [/\bpdfelement\b|\bwondershare\b/i, 'editor', 'Wondershare PDFelement'],
  [/\bable2extract\b/i, 'editor', 'Able2Extract'],
  [/\bmaster pdf editor\b/i, 'editor', 'Master PDF Editor'],
  [/\bpdf studio\b/i, 'editor', 'PDF Studio'],
  [/\bpdf expert\b/i, 'editor', 'PDF Expert'],
  [/\bkofax power ?pdf\b|\bpower pdf\b|\bnuance pdf\b/i, 'editor', 'Kofax Power PDF'],
  [/\bqoppa\b/i, 'editor', 'Qoppa PDF'],
  [/\bpdf architect\b/i, 'editor', 'PDF Architect'],
  // Acrobat names itself "Acrobat Editor 8.0" as the Creator of a document it makes from a blank page.
  [/\bacrobat (?:pro|standard|editor)\b|\badobe acrobat \d|\badobe acrobat \(|\badobe acrobat$/i, 'editor', 'Adobe Acrobat'],
  // AI generators.
  [/\bdall[-·]?e\b|\bmidjourney\b|\bstable ?diffusion\b|\bfirefly\b|\bchatgpt\b|\bopenai\b/i, 'ai_generator', 'Generative AI'],
  // Scanners and scan apps.
  [
    /\bcamscanner\b|\badobe scan\b|\bgenius scan\b|\bscanbot\b|\bmicrosoft lens\b|\boffice lens\b|\btinyscanner\b|\bturboscan\b|\bscannable\b/i,
    'scanner',
    'Phone scan app',
  ],
  [
    /\bkyocera\b|\bxerox\b|\bricoh\b|\bcanon\b|\bkonica\b|\bminolta\b|\bsharp mx\b|\blexmark\b|\bbrother\b|\bepson\b|\bhp digital sending\b|\bhp scan\b|\bfujitsu\b|\bscansnap\b|\bpapercut\b|\bluradocument\b|\blead technologies\b|\babbyy\b|\bomnipage\b|\breadiris\b|\bnaps2\b/i,
    'scanner',
    'Scanner / OCR',
  ],
  // Issuing systems: report engines, document composition, core-banking print streams.
  [/\bjasperreports\b/i, 'issuer_system', 'JasperReports'],
  [/\bcrystal reports\b|\bbusiness objects\b/i, 'issuer_system', 'Crystal Reports'],
  [/\bbirt\b/i, 'issuer_system', 'Eclipse BIRT'],
  [/\boracle\b.*\b(?:bi|xml) publisher\b|\boracle bi\b|\bxdo\b|\boracle reports\b/i, 'issuer_system', 'Oracle BI Publisher'],
  [/\bsap\b|\bsmartforms\b|\badobe livecycle\b|\baem forms\b|\badobe experience manager\b/i, 'issuer_system', 'SAP / Adobe forms server'],
  [
    /\bopentext\b|\bexstream\b|\bstreamserve\b|\bquadient\b|\binspire\b|\bgmc\b|\bdocumaker\b|\bcompuset\b|\bpitney bowes\b|\bdoc1\b|\bisis papyrus\b|\bpapyrus\b|\bthunderhead\b|\bsmart communications\b|\bmessagepoint\b|\bafp2pdf\b|\bafp\b/i,
    'issuer_system',
    'Document composition / print stream',
  ],
  [
    /\bactivereports\b|\bssrs\b|\breporting services\b|\bmicrosoft sql server reporting\b|\bstimulsoft\b|\bfastreport\b|\bdevexpress\b|\btelerik reporting\b|\blist ?& ?label\b|\bpentaho\b|\bcognos\b|\bmicrostrategy\b|\bhyperion\b|\bqlik\b|\btableau\b|\bnetsuite\b|\bsalesforce\b|\bquickbooks\b|\bxero\b|\bsage\b|\bworkday\b|\badp\b|\bpaychex\b|\bgusto\b|\bzuora\b|\bintarsys\b|\bmustangproject\b|\bapache fop\b|\bantenna house\b|\bprince(?:xml)?\b|\bdocraptor\b|\baspose\b|\bsyncfusion\b|\bgnuaccounting\b|\bdynamics\b/i,
    'issuer_system',
    'Reporting / document generation',
  ],
  [/\bwkhtmltopdf\b/i, 'issuer_system', 'wkhtmltopdf'],
  [/\bweasyprint\b/i, 'issuer_system', 'WeasyPrint'],
  // Libraries (used by issuing systems and by forgers alike).
  [/\bitext\b|\bitextsharp\b|\blowagie\b/i, 'library', 'iText'],
  [/\bpdf-lib\b/i, 'library', 'pdf-lib'],
  [/\bpdfkit\b/i, 'library', 'PDFKit'],
  [/\breportlab\b/i, 'library', 'ReportLab'],
  [/\btcpdf\b/i, 'library', 'TCPDF'],
  [/\bfpdf\b|\btfpdf\b/i, 'library', 'FPDF'],
  [/\bmpdf\b/i, 'library', 'mPDF'],
  [/\bdompdf\b/i, 'library', 'dompdf'],
  [/\bghostscript\b/i, 'library', 'Ghostscript'],
  [/\bqpdf\b/i, 'library', 'qpdf'],
  [/\bpypdf\d?\b|\bpypdf2\b/i, 'library', 'pypdf'],
  [/\bpdfbox\b/i, 'library', 'Apache PDFBox'],
  [/\bpdfsharp\b|\bmigradoc\b/i, 'library', 'PDFsharp'],
  [/\bpdftk\b/i, 'library', 'pdftk'],
  [/\bmupdf\b|\bpymupdf\b|\bfitz\b/i, 'library', 'MuPDF'],
  [/\bpoppler\b|\bcairo\b/i, 'library', 'cairo / Poppler'],
  [/\bpdfium\b/i, 'library', 'PDFium'],
  [
    /\bhexapdf\b|\bprawn\b|\bjspdf\b|\bpdfmake\b|\bpuppeteer\b|\bplaywright\b|\bhummus\b|\bsetasign\b|\bfpdi\b|\bjpod\b|\bpdfnet\b|\bpdftron\b|\bapryse\b|\bspire\.pdf\b|\bimagemagick\b|\bimg2pdf\b|\bboxit\b|\bdebenu\b|\bquick pdf\b|\bbcl\b|\bamyuni\b/i,
    'library',
    'PDF library',
  ],
  [/\bpdftex\b|\bxetex\b|\bluatex\b|\bxdvipdfmx\b|\bdvipdfm\b|\bdvips\b|\btex\b/i, 'library', 'TeX'],
  [/\badobe pdf library\b/i, 'library', 'Adobe PDF Library'],
  // Adobe's print and conversion paths that are not edit sessions.
  [/\bdistiller\b|\bpdfmaker\b|\bacrobat pdfwriter\b|\bacrobat sign\b|\bechosign\b|\bdocusign\b/i, 'issuer_system', 'Adobe Distiller / PDFMaker / e-signature'],
  // Browsers' print to PDF.
  [/\bskia\/pdf\b|\bchrom(?:e|ium)\b|\bfirefox\b|\bmicrosoft edge\b|\bsafari\b|\bheadless\b/i, 'browser_print', "Browser's print to PDF"],
  [
    /\bquartz pdfcontext\b|\bmac os x\b|\bmacos\b|\bios\b|\bprint to pdf\b|\bmicrosoft: print to pdf\b|\bcutepdf\b|\bpdfcreator\b|\bbullzip\b|\bprimopdf\b|\bdopdf\b|\bnovapdf\b|\bpdf24\b|\bwww\.pdfprinter\b|\bqt \d/i,
    'browser_print',
    'System print to PDF',
  ],
  // Office suites.
  [
    /\bmicrosoft\b.*\b(?:word|excel|powerpoint|office|publisher|365)\b|\bmicrosoft® (?:word|excel|powerpoint)|\bword for\b/i,
    'office_suite',
    'Microsoft Office',
  ],
  [/\blibreoffice\b|\bopenoffice\b|\bstaroffice\b|\bneooffice\b/i, 'office_suite', 'LibreOffice / OpenOffice'],
  [/\bgoogle docs\b|\bgoogle sheets\b|\bgoogle slides\b/i, 'office_suite', 'Google Docs'],
  [/^(?:pages|keynote|numbers)\b/i, 'office_suite', 'Apple iWork'],
  [/\bwps (?:office|writer)\b|\bkingsoft\b|\bonlyoffice\b|\bzoho\b|\bwordperfect\b|\babiword\b/i, 'office_suite', 'Office suite'],
];

export function classifySoftware(name: string | null | undefined): SoftwareClass {
  const s = (name ?? '').trim();
  if (!s) return { kind: 'unknown', product: '' };
  for (const [re, kind, product] of KB) if (re.test(s)) return { kind, product };
  return { kind: 'unknown', product: s };
}

/** Kinds whose presence as last writer means someone edited the document. */
export const EDITOR_KINDS: ReadonlySet<SoftwareKind> = new Set(['editor', 'image_editor', 'online_editor']);

/** Kinds that are consumer origins: context for a reviewer, never a verdict. */
export const CONSUMER_KINDS: ReadonlySet<SoftwareKind> = new Set(['office_suite', 'browser_print']);

/**
 * Layout and vector design tools: brochures, forms and many statements are designed in them
 * from the start, so as the origin of a file they are context, not a sign of editing.
 */
const DESIGN_PRODUCTS: ReadonlySet<string> = new Set(['Adobe InDesign', 'Adobe Illustrator', 'QuarkXPress', 'Scribus', 'Affinity', 'CorelDRAW', 'Inkscape']);

/**
 * Online design tools: small businesses design their invoices, receipts and letters in them, and
 * no bank, employer, utility or tax office issues a statement, payslip, bill or form from them.
 */
const ONLINE_DESIGN_PRODUCTS: ReadonlySet<string> = new Set(['Canva']);

export function isOnlineDesignTool(c: SoftwareClass): boolean {
  return c.kind === 'online_editor' && ONLINE_DESIGN_PRODUCTS.has(c.product);
}

/**
 * Online page tools: every one of their tools (merge, split, compress, convert, rotate, number,
 * OCR, and an editor among them) rewrites the whole file, stamps the service as Producer and
 * drops the Creator. Their stamp alone says the file went through the service, not which tool;
 * an edit made in their editor leaves its own traces on the page (covers, retyped text).
 */
const ONLINE_PAGE_TOOLS: ReadonlySet<string> = new Set(['iLovePDF']);

export function isOnlinePageTool(c: SoftwareClass): boolean {
  return c.kind === 'online_editor' && ONLINE_PAGE_TOOLS.has(c.product);
}

export function isDesignTool(c: SoftwareClass): boolean {
  return c.kind === 'image_editor' && DESIGN_PRODUCTS.has(c.product);
}
