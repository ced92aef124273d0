/**
 * Files written in phases with an index after each phase, but only the last one chained from
 * startxref. Some streaming writers (PdfPig's FontMatrix test files) flush the page, page tree and
 * catalog, write an xref stream for them, then write the fonts and contents and a complete xref
 * stream that reuses the first one's object number, with no /Prev and one startxref: the first
 * index is an interim one, not an earlier version of the document.
 */
import { rawLayout } from './fixtures.js';
import { statement } from './updates.js';

const L = rawLayout(1);
const enc = (s: string) => Buffer.from(s, 'latin1');

/** The objects of our statement fixture, by number. */
function statementObjects(): Map<number, string> {
  const text = Buffer.from(statement()).toString('latin1');
  const out = new Map<number, string>();
  for (const m of text.matchAll(/(?<=^|\n)(\d+) 0 obj\n([\s\S]*?)\nendobj\n/g)) out.set(Number(m[1]), m[2]);
  return out;
}

/**
 * Writes `phases` in order; after each, an xref stream (always object `xnum`) listing every object
 * written so far at its newest offset. Only the last index gets startxref and %%EOF, and none has /Prev.
 */
function phasedFile(phases: [number, string][][], grow?: { num: number; body: string }): Uint8Array {
  const parts: Buffer[] = [enc('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n')];
  let length = parts[0].length;
  const push = (b: Buffer) => {
    parts.push(b);
    length += b.length;
  };
  const offsets = new Map<number, number>();
  const xnum = L.firstFree;
  phases.forEach((objects, i) => {
    for (const [num, body] of objects) {
      offsets.set(num, length);
      push(enc(`${num} 0 obj\n${body}\nendobj\n`));
    }
    const xrefAt = length;
    offsets.set(xnum, xrefAt);
    const rows: Buffer[] = [];
    for (let n = 0; n <= xnum; n++) {
      const row = Buffer.alloc(6);
      const off = offsets.get(n);
      if (off !== undefined) {
        row[0] = 1;
        row.writeUInt32BE(off, 1);
      }
      rows.push(row);
    }
    const data = Buffer.concat(rows);
    const dict = `<< /Type /XRef /Size ${xnum + 1} /Root ${L.catalog} 0 R /Info ${L.info} 0 R /W [1 4 1] /Length ${data.length} >>`;
    push(enc(`${xnum} 0 obj\n${dict}\nstream\n`));
    push(data);
    // The writer then rewrites an object in place, longer: the index just written goes stale.
    if (grow && i === 0) {
      const at = offsets.get(grow.num)!;
      const all = Buffer.concat(parts);
      const end = all.indexOf('endobj\n', at) + 7;
      const shift = enc(`${grow.num} 0 obj\n${grow.body}\nendobj\n`);
      parts.splice(0, parts.length, all.subarray(0, at), shift, all.subarray(end));
      const delta = shift.length - (end - at);
      length += delta;
      for (const [n, off] of offsets) if (off > at) offsets.set(n, off + delta);
    }
    push(enc(i === phases.length - 1 ? `\nendstream\nendobj\nstartxref\n${xrefAt}\n%%EOF\n` : '\nendstream\nendobj\n'));
  });
  return new Uint8Array(Buffer.concat(parts));
}

/**
 * The genuine shape: page tree first (its content and font not written yet), then the rest.
 * `stale`: the page is first written bare and rewritten in place with its resources and content
 * once they exist, which moves every later object away from where the first index says.
 */
export function interimIndex(opts: { stale?: boolean } = {}): Uint8Array {
  const objs = statementObjects();
  const first = [L.catalog, L.page(0), L.pages, L.info];
  const pick = (nums: number[]) => nums.filter((n) => objs.has(n)).map((n): [number, string] => [n, objs.get(n)!]);
  const phases = [pick(first), pick([...objs.keys()].filter((n) => !first.includes(n)))];
  if (!opts.stale) return phasedFile(phases);
  const bare = `<< /Type /Page /Parent ${L.pages} 0 R /MediaBox [0 0 612 792] >>`;
  phases[0] = phases[0].map(([n, body]): [number, string] => [n, n === L.page(0) ? bare : body]);
  return phasedFile(phases, { num: L.page(0), body: objs.get(L.page(0))! });
}

/**
 * The forged shape it must not hide: a complete statement indexed, then its content stream
 * rewritten (`edit`) and a new complete index that drops the link to the first one.
 */
export function unchainedEdit(edit: (content: string) => string): Uint8Array {
  const objs = statementObjects();
  const all = [...objs].sort((a, b) => a[0] - b[0]);
  const content = objs.get(L.content(0))!;
  const body = /stream\n([\s\S]*)\nendstream$/.exec(content)![1];
  const changed = edit(body);
  return phasedFile([all, [[L.content(0), `<< /Length ${enc(changed).length} >>\nstream\n${changed}\nendstream`]]]);
}
