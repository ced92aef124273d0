#!/usr/bin/env node
/**
 * Assembles the real-world GENUINE corpus (issue 8) into a cache folder outside git:
 * `$VERACITY_REAL_CORPUS`, default `<repo>/.real-corpus/` (git-ignored).
 *
 *   node scripts/real-corpus/assemble.mjs [--packages FILE] [--only pkg,pkg] [--max-per-unit N] [--jobs N]
 *
 * For every Debian package in packages.txt: `apt-get download`, `dpkg-deb -x`, keep the PDFs,
 * JPEGs and PNGs it ships (PNG and JPEG above a size floor, so icons stay out), de-duplicate by
 * sha256, and write `MANIFEST.tsv` with the source package, the split unit, the split, the
 * producer family, Info Producer / Creator (pdfinfo), the licence (debian/copyright) and sha256.
 *
 * Splits are by *unit*, never by file: a unit is a Debian package, or inside TeX Live's
 * documentation packages one CTAN package (usr/share/doc/texlive-doc/<area>/<ctan-package>),
 * or one wallpaper folder. A unit's split is a pure function of SPLIT_SEED and its name (50 % tune,
 * 20 % validate, 30 % test), so the splits are fixed and no unit is ever in two of them.
 * Needs apt-get, dpkg-deb and pdfinfo (poppler-utils); run `apt-get update` once first.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
// Shared with `npm run eval:real` (compiled by the npm script before this runs).
import { familyOf } from '../../dist/test/lab/util/producer-family.js';
import { splitOf } from '../../dist/test/lab/util/split.js';

const run = promisify(execFile);
const here = dirname(fileURLToPath(import.meta.url));
const repo = resolve(here, '..', '..');

const args = process.argv.slice(2);
const opt = (name, def) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : def;
};
const cache = resolve(process.env.VERACITY_REAL_CORPUS ?? join(repo, '.real-corpus'));
const pkgFile = opt('--packages', join(here, 'packages.txt'));
const only = opt('--only', '') ? new Set(opt('--only', '').split(',')) : null;
const MAX_PER_UNIT = Number(opt('--max-per-unit', '25'));
const JOBS = Number(opt('--jobs', '3'));

const packages = readFileSync(pkgFile, 'utf8')
  .split('\n')
  .map((l) => l.replace(/#.*/, '').trim())
  .filter(Boolean)
  .filter((p) => !only || only.has(p));

const debs = join(cache, 'debs');
const filesDir = join(cache, 'files');
mkdirSync(debs, { recursive: true });
mkdirSync(filesDir, { recursive: true });

/** The split unit of a file inside an extracted package. */
function unitOf(pkg, rel) {
  const parts = rel.split('/');
  const tl = parts.indexOf('texlive-doc');
  if (tl >= 0 && parts.length > tl + 3) return `${pkg}:${parts[tl + 1]}/${parts[tl + 2]}`;
  const wp = parts.indexOf('wallpapers');
  if (wp >= 0 && parts.length > wp + 2) return `${pkg}:${parts[wp + 1]}`;
  return pkg;
}

function kindOf(name) {
  const m = /\.(pdf|png|jpe?g)$/i.exec(name);
  if (!m) return null;
  const e = m[1].toLowerCase();
  return e === 'jpeg' ? 'jpg' : e;
}

function pngSize(b) {
  return b.length > 24 && b.toString('latin1', 12, 16) === 'IHDR' ? [b.readUInt32BE(16), b.readUInt32BE(20)] : [0, 0];
}

function jpegSize(b) {
  let i = 2;
  while (i + 9 < b.length) {
    if (b[i] !== 0xff) return [0, 0];
    const m = b[i + 1];
    const len = b.readUInt16BE(i + 2);
    if (m >= 0xc0 && m <= 0xcf && m !== 0xc4 && m !== 0xc8 && m !== 0xcc) return [b.readUInt16BE(i + 7), b.readUInt16BE(i + 5)];
    i += 2 + len;
  }
  return [0, 0];
}

/** A document worth keeping: real PDFs; images that are pictures, not icons or sprites. */
function keep(path, kind, bytes) {
  if (bytes.length < 800 || bytes.length > 40_000_000) return false;
  if (kind === 'pdf') return bytes.toString('latin1', 0, 1024).includes('%PDF-');
  const [w, h] = kind === 'png' ? pngSize(bytes) : jpegSize(bytes);
  return Math.min(w, h) >= 300 && bytes.length >= 20_000;
}

function walk(dir, out = []) {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    let st;
    try {
      st = statSync(p, { throwIfNoEntry: false });
    } catch {
      continue;
    }
    if (!st) continue;
    if (st.isDirectory()) walk(p, out);
    else if (st.isFile()) out.push(p);
  }
  return out;
}

function licenceOf(root, pkg) {
  const f = join(root, 'usr/share/doc', pkg, 'copyright');
  if (!existsSync(f)) return '';
  const text = readFileSync(f, 'utf8');
  const lic = [...text.matchAll(/^License:\s*(\S[^\n]*)$/gm)].map((m) => m[1].trim());
  return [...new Set(lic)].slice(0, 3).join(' | ') || 'see debian/copyright';
}

async function pdfInfo(path) {
  try {
    const { stdout } = await run('pdfinfo', [path], { timeout: 20_000, maxBuffer: 1 << 20 });
    const get = (k) => (new RegExp(`^${k}:[ \\t]*(.*)$`, 'm').exec(stdout)?.[1] ?? '').trim();
    return { producer: get('Producer'), creator: get('Creator') };
  } catch {
    return { producer: '', creator: '' };
  }
}

async function download(pkg) {
  const have = readdirSync(debs).find((f) => f.startsWith(`${pkg}_`) && f.endsWith('.deb'));
  if (have) return join(debs, have);
  try {
    await run('apt-get', ['download', pkg], { cwd: debs, timeout: 900_000, maxBuffer: 1 << 24 });
  } catch (e) {
    console.error(`  ${pkg}: download failed (${String(e.message).split('\n')[0]})`);
    return null;
  }
  const got = readdirSync(debs).find((f) => f.startsWith(`${pkg}_`) && f.endsWith('.deb'));
  return got ? join(debs, got) : null;
}

const tsvCell = (s) =>
  String(s ?? '')
    .replace(/[\t\n\r]+/g, ' ')
    .trim();

async function harvest(pkg, deb, seen) {
  const tmp = join(cache, 'tmp', pkg);
  rmSync(tmp, { recursive: true, force: true });
  mkdirSync(tmp, { recursive: true });
  await run('dpkg-deb', ['-x', deb, tmp], { timeout: 900_000 });
  const licence = licenceOf(tmp, pkg);
  const perUnit = new Map();
  const rows = [];
  for (const abs of walk(tmp).sort()) {
    const rel = relative(tmp, abs).split(sep).join('/');
    const kind = kindOf(rel);
    if (!kind) continue;
    const unit = unitOf(pkg, rel);
    const n = perUnit.get(`${unit}:${kind === 'pdf' ? 'pdf' : 'img'}`) ?? 0;
    if (n >= (kind === 'pdf' ? MAX_PER_UNIT : MAX_PER_UNIT * 4)) continue;
    const bytes = readFileSync(abs);
    if (!keep(abs, kind, bytes)) continue;
    const sha = createHash('sha256').update(bytes).digest('hex');
    if (seen.has(sha)) continue;
    seen.add(sha);
    perUnit.set(`${unit}:${kind === 'pdf' ? 'pdf' : 'img'}`, n + 1);
    const dest = join(filesDir, pkg, rel);
    mkdirSync(dirname(dest), { recursive: true });
    copyFileSync(abs, dest);
    const info = kind === 'pdf' ? await pdfInfo(dest) : { producer: '', creator: '' };
    rows.push({
      relpath: relative(cache, dest).split(sep).join('/'),
      sha256: sha,
      bytes: bytes.length,
      kind,
      package: pkg,
      unit,
      split: splitOf(unit),
      family: kind === 'pdf' ? familyOf(info.producer, info.creator) : `image-${kind}`,
      producer: info.producer,
      creator: info.creator,
      licence,
    });
  }
  rmSync(tmp, { recursive: true, force: true });
  return rows;
}

async function main() {
  const started = Date.now();
  const perPkg = join(cache, 'rows');
  mkdirSync(perPkg, { recursive: true });
  const seen = new Set();
  // Packages already harvested keep their rows (and claim their hashes first).
  for (const pkg of packages) {
    const f = join(perPkg, `${pkg}.json`);
    if (existsSync(f)) for (const r of JSON.parse(readFileSync(f, 'utf8'))) seen.add(r.sha256);
  }
  const queue = packages.filter((p) => !existsSync(join(perPkg, `${p}.json`)));
  // Downloads run JOBS at a time; extraction is serial so hashes dedupe deterministically.
  const pending = new Map();
  let next = 0;
  const startDownload = () => {
    if (next < queue.length) {
      const p = queue[next++];
      pending.set(p, download(p));
    }
  };
  for (let i = 0; i < JOBS; i++) startDownload();
  for (const pkg of queue) {
    const deb = await pending.get(pkg);
    pending.delete(pkg);
    startDownload();
    if (!deb) continue;
    try {
      const rows = await harvest(pkg, deb, seen);
      writeFileSync(join(perPkg, `${pkg}.json`), JSON.stringify(rows));
      console.error(`  ${pkg}: ${rows.length} files (${Math.round((Date.now() - started) / 1000)} s)`);
    } catch (e) {
      console.error(`  ${pkg}: extraction failed (${String(e.message).split('\n')[0]})`);
    }
    if (!process.env.KEEP_DEBS) rmSync(deb, { force: true });
  }
  writeManifest(perPkg);
}

const COLUMNS = ['relpath', 'sha256', 'bytes', 'kind', 'expected', 'package', 'unit', 'split', 'family', 'producer', 'creator', 'licence'];

function writeManifest(perPkg) {
  const all = [];
  for (const pkg of readdirSync(perPkg)
    .filter((f) => f.endsWith('.json'))
    .sort()) {
    for (const r of JSON.parse(readFileSync(join(perPkg, pkg), 'utf8'))) {
      if (!existsSync(join(cache, r.relpath))) continue;
      // Rows harvested before pdfinfo's empty fields were read right carry the next line.
      const clean = (v) => (/^[A-Z][A-Za-z ]+:\s/.test(v ?? '') ? '' : (v ?? ''));
      const producer = clean(r.producer);
      const creator = clean(r.creator);
      all.push({ ...r, producer, creator, family: r.kind === 'pdf' ? familyOf(producer, creator) : r.family, expected: 'genuine' });
    }
  }
  all.sort((a, b) => a.relpath.localeCompare(b.relpath));
  const lines = [COLUMNS.join('\t'), ...all.map((r) => COLUMNS.map((c) => tsvCell(r[c])).join('\t'))];
  writeFileSync(join(cache, 'MANIFEST.tsv'), lines.join('\n') + '\n');
  const count = (key) => {
    const m = {};
    for (const r of all) m[key(r)] = (m[key(r)] ?? 0) + 1;
    return m;
  };
  const pdf = all.filter((r) => r.kind === 'pdf');
  console.log(
    `${cache}/MANIFEST.tsv: ${all.length} files, ${pdf.length} PDFs in ${new Set(pdf.map((r) => r.family)).size} families, ${all.length - pdf.length} images`,
  );
  console.log('by split:', JSON.stringify(count((r) => `${r.split}/${r.kind === 'pdf' ? 'pdf' : 'image'}`)));
  console.log('units:', new Set(all.map((r) => r.unit)).size, 'packages:', new Set(all.map((r) => r.package)).size);
}

if (args.includes('--manifest-only')) writeManifest(join(cache, 'rows'));
else await main();
