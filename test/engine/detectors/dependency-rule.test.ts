/**
 * The fact layer is the only door to the file: no detector module, nor anything it imports at
 * run time, may open the PDF (our parser's opener, pdf.js) or decode pixels (sharp, exifr,
 * tesseract, the image loader). Detectors ask `ctx.facts`, which produces each fact once.
 * Type-only imports are fine (they vanish at run time).
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ENGINE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../engine');

/** Packages that open files or decode pixels. */
const FORBIDDEN_PACKAGES = [/^sharp$/, /^pdfjs-dist(\/|$)/, /^exifr$/, /^tesseract\.js$/, /^@napi-rs\/canvas$/];
/** Engine modules that open the PDF or decode pixels (engine-relative, without extension). */
const FORBIDDEN_MODULES = [
  'read/pdf/text/pdfjs',
  'read/pdf/text/index',
  'read/pdf/structure/document',
  'read/pdf/structure/index',
  'read/pdf/structure/revisions',
  'read/pdf/structure/text-diff',
  'read/image/load',
  'read/ocr/index',
  'read/ocr/pdf-pages',
  'read/ocr/prepare',
  'read/ocr/tesseract',
  'facts/pixels',
  'facts/producers',
];
/** The fact layer's public face: detectors may import it (it reaches the openers only through facts). */
const BOUNDARY = ['facts/context', 'facts/index', 'facts/store', 'facts/types'];

function engineFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? engineFiles(full) : name.endsWith('.ts') ? [full] : [];
  });
}

/** Run-time import specifiers of a module (`import type` and `export type` lines left out). */
function runtimeImports(file: string): string[] {
  const src = readFileSync(file, 'utf8');
  const out: string[] = [];
  for (const m of src.matchAll(/^\s*(import|export)\s+(type\s+)?([^'"]*?)\s*from\s*['"]([^'"]+)['"]/gm)) {
    if (m[2]) continue;
    const names = m[3]
      .replace(/[{}]/g, '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    if (m[1] === 'import' && names.length > 0 && names.every((n) => n.startsWith('type '))) continue;
    out.push(m[4]);
  }
  for (const m of src.matchAll(/^\s*import\s+['"]([^'"]+)['"]/gm)) out.push(m[1]);
  for (const m of src.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)) out.push(m[1]);
  return out;
}

function engineId(file: string): string {
  return path.relative(ENGINE, file).replace(/\.ts$/, '').split(path.sep).join('/');
}

/** Every violation reachable from one detector module: `chain -> forbidden import`. */
function violations(detectorFile: string): string[] {
  const found: string[] = [];
  const seen = new Set<string>();
  const visit = (file: string, chain: string[]) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const spec of runtimeImports(file)) {
      if (!spec.startsWith('.')) {
        if (FORBIDDEN_PACKAGES.some((re) => re.test(spec))) found.push(`${[...chain, spec].join(' -> ')}`);
        continue;
      }
      const target = path.resolve(path.dirname(file), spec.replace(/\.js$/, '.ts'));
      const id = engineId(target);
      if (FORBIDDEN_MODULES.includes(id)) found.push(`${[...chain, id].join(' -> ')}`);
      else if (!BOUNDARY.includes(id)) visit(target, [...chain, id]);
    }
  };
  visit(detectorFile, [engineId(detectorFile)]);
  return found;
}

const detectorFiles = engineFiles(ENGINE).filter((f) => /\bdefineDetector\(/.test(readFileSync(f, 'utf8')) && !f.endsWith(path.join('detectors', 'define.ts')));

describe('dependency rule: only the fact layer opens files and decodes pixels', () => {
  it('finds the detector modules', () => {
    expect(detectorFiles.length).toBeGreaterThan(20);
  });

  it('no detector reaches an opener or decoder except through ctx.facts', () => {
    const bad = detectorFiles.flatMap(violations);
    expect(bad).toEqual([]);
  });

  it('no detector parses the file bytes with an opener of its own', () => {
    const bad = detectorFiles
      .filter((f) => /\b(openPdf|parsePdfStructure|loadPdfText|loadImage|prepareForOcr|sharp)\s*\(/.test(readFileSync(f, 'utf8')))
      .map(engineId);
    expect(bad).toEqual([]);
  });

  it('catches a violation (the rule itself works)', () => {
    expect(violations(path.join(ENGINE, 'facts/producers.ts')).length).toBeGreaterThan(0);
  });
});
