/**
 * The picture tools family D edits with, none of which the other families use for pictures:
 * Pillow (python3-pil) for the scan look, retyped regions and pasted digits, GraphicsMagick (`gm`)
 * for copy-move and re-saving. Pages are rasterised by poppler (`pdftoppm`) like everywhere else.
 * A technique whose tool is missing fails with a message naming the Debian package.
 */
import { execFileSync } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { run, withTempDir } from '../../util/exec.js';

const PACKAGES: Record<string, string> = { gm: 'graphicsmagick', pil: 'python3-pil', pdftoppm: 'poppler-utils' };
let cache: Set<string> | null = null;

/** Which family D tools exist here (`pil` = the python3 module). */
export function familyDTools(): Set<string> {
  if (cache) return cache;
  const have = new Set<string>();
  const probe = (name: string, cmd: string, args: string[]) => {
    try {
      execFileSync(cmd, args, { stdio: 'ignore' });
      have.add(name);
    } catch {
      /* absent */
    }
  };
  probe('gm', 'sh', ['-c', 'command -v gm']);
  probe('pdftoppm', 'sh', ['-c', 'command -v pdftoppm']);
  probe('pil', '/usr/bin/python3', ['-c', 'import PIL.Image, PIL.ImageFont']);
  cache = have;
  return have;
}

export function requireD(...tools: Array<keyof typeof PACKAGES>): void {
  const missing = tools.filter((t) => !familyDTools().has(t));
  if (missing.length) throw new Error(`${missing.map((t) => `${t} (Debian ${PACKAGES[t]})`).join(', ')} not installed (family D needs it)`);
}

/** Pixel rectangle: left, top, width, height. */
export type Rect = [number, number, number, number];

export type PilOp =
  | { op: 'scan'; blur: number; sigma: number; quality: number }
  | { op: 'png' }
  | { op: 'retype'; cover: Rect; text: string; font: string; sizePx: number; x: number; baseline: number; align: 'left' | 'right'; ink: number }
  | { op: 'paste'; from: Rect; to: [number, number] }
  | { op: 'keep' };

// One small script for every Pillow step. `keep` re-uses the file's own quantisation tables
// and subsampling (quality='keep'): a save "at the same quality" as the original.
const SCRIPT = String.raw`
import json, sys
from PIL import Image, ImageChops, ImageDraw, ImageFilter, ImageFont
a = json.load(sys.stdin)
op = a['op']
img = Image.open(a['in'])
if op == 'scan':
    img = img.convert('L')
    if a['blur'] > 0:
        img = img.filter(ImageFilter.GaussianBlur(a['blur']))
    img = ImageChops.add(img, Image.effect_noise(img.size, a['sigma']), 1.0, -128)
    img.save(a['out'], 'JPEG', quality=a['quality'])
elif op == 'png':
    img.save(a['out'], 'PNG', optimize=True)
elif op == 'retype':
    img = img.convert('RGB') if img.mode not in ('L', 'RGB') else img
    l, t, w, h = a['cover']
    ring = [img.getpixel((x, y)) for x in range(max(0, l - 3), min(img.width, l + w + 3)) for y in (max(0, t - 3), min(img.height - 1, t + h + 2))]
    ring.sort(key=lambda p: p if isinstance(p, int) else sum(p))
    bg = ring[len(ring) // 2]
    d = ImageDraw.Draw(img)
    d.rectangle([l, t, l + w - 1, t + h - 1], fill=bg)
    ink = a['ink'] if img.mode == 'L' else (a['ink'],) * 3
    font = ImageFont.truetype(a['font'], a['sizePx'])
    d.text((a['x'], a['baseline']), a['text'], fill=ink, font=font, anchor='rs' if a['align'] == 'right' else 'ls')
    img.save(a['out'], 'PNG', optimize=True)
elif op == 'paste':
    img.load()
    l, t, w, h = a['from']
    img.paste(img.crop((l, t, l + w, t + h)), tuple(a['to']))
    img.save(a['out'], 'JPEG', quality='keep', subsampling='keep')
elif op == 'keep':
    img.load()
    img.save(a['out'], 'JPEG', quality='keep', subsampling='keep')
`;

/** Runs one Pillow step on `input`; returns the written file. */
export async function pil(input: Buffer, op: PilOp): Promise<Buffer> {
  requireD('pil');
  return withTempDir(async (dir) => {
    const src = join(dir, 'in.img');
    const out = join(dir, 'out.img');
    await writeFile(src, input);
    await writeFile(join(dir, 'op.json'), JSON.stringify({ ...op, in: src, out }));
    await writeFile(join(dir, 'pil.py'), SCRIPT);
    await run('sh', ['-c', `/usr/bin/python3 "${join(dir, 'pil.py')}" < "${join(dir, 'op.json')}"`]);
    return readFile(out);
  });
}

/**
 * GraphicsMagick: with `copy`, the `from` rectangle is cut out (`gm convert -crop`) and laid at
 * `to` (`gm composite -geometry`); then the whole picture is written as JPEG at `quality`.
 */
export async function gmResave(jpeg: Buffer, quality: number, copy?: { from: Rect; to: [number, number] }): Promise<Buffer> {
  requireD('gm');
  return withTempDir(async (dir) => {
    const src = join(dir, 'in.jpg');
    const out = join(dir, 'out.jpg');
    await writeFile(src, jpeg);
    if (copy) {
      const [l, t, w, h] = copy.from;
      const patch = join(dir, 'patch.png');
      await run('gm', ['convert', src, '-crop', `${w}x${h}+${l}+${t}`, '+repage', patch]);
      await run('gm', ['composite', '-geometry', `+${copy.to[0]}+${copy.to[1]}`, '-quality', String(quality), patch, src, out]);
    } else {
      await run('gm', ['convert', src, '-quality', String(quality), out]);
    }
    return readFile(out);
  });
}
