/**
 * Files the renderer needs at run time that are not imported modules, bundled so the app works
 * offline: pdf.js's data folders (the standard 14 fonts for PDFs that do not embed them, the
 * CMaps of CJK text, its WebAssembly decoders) and the site icon. The build writes them into
 * dist/renderer, which the service serves; the dev server serves them from their sources.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import type { Plugin } from 'vite';

const require = createRequire(import.meta.url);
const PDFJS = dirname(require.resolve('pdfjs-dist/package.json'));
const RESOURCES = fileURLToPath(new URL('../resources', import.meta.url));

/** Served under /pdfjs/<folder>/ (renderer/src/components/pdf.ts points pdf.js there). */
export const PDFJS_FOLDERS = ['standard_fonts', 'cmaps', 'wasm'] as const;

/** An .ico holding PNG images (what browsers and Windows read since Vista), one per size. */
export function icoFromPngs(images: ReadonlyArray<{ size: number; png: Buffer }>): Buffer {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // type: icon
  header.writeUInt16LE(images.length, 4);
  const entries: Buffer[] = [];
  let offset = 6 + 16 * images.length;
  for (const { size, png } of images) {
    const e = Buffer.alloc(16);
    e.writeUInt8(size >= 256 ? 0 : size, 0); // width, 0 meaning 256
    e.writeUInt8(size >= 256 ? 0 : size, 1); // height
    e.writeUInt8(0, 2); // no palette
    e.writeUInt8(0, 3); // reserved
    e.writeUInt16LE(1, 4); // colour planes
    e.writeUInt16LE(32, 6); // bits per pixel
    e.writeUInt32LE(png.length, 8);
    e.writeUInt32LE(offset, 12);
    offset += png.length;
    entries.push(e);
  }
  return Buffer.concat([header, ...entries, ...images.map((i) => i.png)]);
}

async function favicon(): Promise<Buffer> {
  const source = readFileSync(join(RESOURCES, 'icon.png'));
  const images = await Promise.all([16, 32, 48].map(async (size) => ({ size, png: await sharp(source).resize(size, size).png().toBuffer() })));
  return icoFromPngs(images);
}

function filesUnder(dir: string, prefix = ''): Array<{ rel: string; abs: string }> {
  return readdirSync(dir).flatMap((name) => {
    const abs = join(dir, name);
    const rel = prefix ? `${prefix}/${name}` : name;
    return statSync(abs).isDirectory() ? filesUnder(abs, rel) : [{ rel, abs }];
  });
}

const TYPES: Record<string, string> = { '.ico': 'image/x-icon', '.svg': 'image/svg+xml', '.wasm': 'application/wasm' };

export function rendererAssets(): Plugin {
  return {
    name: 'veracity-renderer-assets',
    async generateBundle() {
      for (const folder of PDFJS_FOLDERS)
        for (const { rel, abs } of filesUnder(join(PDFJS, folder)))
          this.emitFile({ type: 'asset', fileName: `pdfjs/${folder}/${rel}`, source: readFileSync(abs) });
      this.emitFile({ type: 'asset', fileName: 'favicon.ico', source: await favicon() });
      this.emitFile({ type: 'asset', fileName: 'favicon.svg', source: readFileSync(join(RESOURCES, 'icon.svg')) });
    },
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const path = (req.url ?? '').split('?')[0];
        const send = (body: Buffer) => {
          const ext = /\.[a-z]+$/.exec(path)?.[0] ?? '';
          res.setHeader('Content-Type', TYPES[ext] ?? 'application/octet-stream');
          res.end(body);
        };
        if (path === '/favicon.ico') return void favicon().then(send, next);
        if (path === '/favicon.svg') return send(readFileSync(join(RESOURCES, 'icon.svg')));
        const m = /^\/pdfjs\/([a-z_]+)\/([\w.-]+(?:\/[\w.-]+)*)$/.exec(path);
        if (m && (PDFJS_FOLDERS as readonly string[]).includes(m[1]) && !m[2].includes('..')) {
          try {
            return send(readFileSync(join(PDFJS, m[1], m[2])));
          } catch {
            return next();
          }
        }
        next();
      });
    },
  };
}
