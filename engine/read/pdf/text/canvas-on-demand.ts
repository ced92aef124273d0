/**
 * @napi-rs/canvas (a 33 MB native library) only when a page is rendered. pdf.js's Node build
 * requires it as it loads, for three globals (DOMMatrix, ImageData, Path2D) and for its canvas
 * factory; loading it costs a thread 0.1-0.2 s, and only OCR of a scanned PDF page renders
 * (read/ocr/pdf-pages.ts). Text, fonts and structure never touch a canvas.
 *
 * Imported before pdf.js (pdfjs.ts), this module installs what pdf.js's polyfill would have:
 * - DOMMatrix: the very class pdf.js would install, @napi-rs/canvas's own pure-JS geometry
 *   module (pdf.js constructs one as it loads and uses it on the text path for Type 3 glyphs);
 * - ImageData and Path2D: stand-ins that load the library on first use and construct the real
 *   thing (rendering code meets the real classes: by then the globals are replaced);
 * - the package itself, in the CommonJS cache under the path pdf.js resolves, as a module whose
 *   first property access loads the real one (the canvas factory asks for it to render).
 * A Node that already has these globals, or a process where the library is loaded already,
 * keeps what it has.
 */
import Module, { createRequire } from 'node:module';

type CanvasModule = Record<string | symbol, unknown>;

const fromPdfjs = createRequire(createRequire(import.meta.url).resolve('pdfjs-dist/legacy/build/pdf.min.mjs'));
const cache = (Module as unknown as { _cache: Record<string, { exports: unknown } | undefined> })._cache;

let real: CanvasModule | null = null;

/** The real library, loaded once; from then on the globals are its classes. */
function loadCanvas(path: string, placeholder: object): CanvasModule {
  if (!real) {
    if (cache[path]?.exports === placeholder) delete cache[path];
    real = fromPdfjs(path) as CanvasModule;
    for (const name of ['ImageData', 'Path2D'] as const) {
      if ((globalThis as Record<string, unknown>)[name] === standIns.get(name)) (globalThis as Record<string, unknown>)[name] = real[name];
    }
  }
  return real;
}

const standIns = new Map<string, unknown>();

function install(): void {
  let path: string;
  try {
    path = fromPdfjs.resolve('@napi-rs/canvas');
  } catch {
    return; // pdf.js warns and renders nothing without it, as before.
  }
  if (cache[path]) return;
  const g = globalThis as Record<string, unknown>;
  g.DOMMatrix ??= (fromPdfjs(fromPdfjs.resolve('@napi-rs/canvas/geometry.js')) as { DOMMatrix: unknown }).DOMMatrix;

  const exportsOnDemand: object = new Proxy(
    {},
    {
      get: (_, key) => loadCanvas(path, exportsOnDemand)[key],
      has: (_, key) => key in loadCanvas(path, exportsOnDemand),
      ownKeys: () => Reflect.ownKeys(loadCanvas(path, exportsOnDemand)),
      getOwnPropertyDescriptor: (_, key) => {
        const d = Reflect.getOwnPropertyDescriptor(loadCanvas(path, exportsOnDemand), key);
        return d && { ...d, configurable: true };
      },
    },
  );
  const entry = new Module(path);
  entry.filename = path;
  entry.loaded = true;
  entry.exports = exportsOnDemand;
  cache[path] = entry;

  for (const name of ['ImageData', 'Path2D'] as const) {
    if (g[name]) continue;
    const standIn = new Proxy(function () {}, {
      construct: (_, args) => Reflect.construct(loadCanvas(path, exportsOnDemand)[name] as new (...a: unknown[]) => object, args),
      get: (_, key) => Reflect.get(loadCanvas(path, exportsOnDemand)[name] as object, key),
    });
    standIns.set(name, standIn);
    g[name] = standIn;
  }
}

install();
