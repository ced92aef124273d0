/**
 * Hostile input against a running server with its default pool (hardening issue, item 4): three
 * 1 MB PDFs, each a page whose content stream inflates to 1 GiB, submitted at once. Measures the
 * server's peak resident memory (the analysis workers are threads of the same process) while a
 * client polls a check, and that client's p99 latency.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import zlib from 'node:zlib';
import autocannon from 'autocannon';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { KEY, serve, stop, submitFile } from './api.js';
import { rssMb } from './process-memory.js';
import type { BenchModule, BenchRow } from './types.js';

const BOMB_BYTES = 1024 ** 3;

/** A one-page statement whose page also draws a second content stream of 1 GiB of spaces. */
export async function bombPdf(seed: number): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([595, 842]);
  page.drawText(`Statement ${seed}  Closing balance 1,000.00`, { x: 50, y: 780, size: 12, font: await doc.embedFont(StandardFonts.Helvetica) });
  const base = Buffer.from(await doc.save({ useObjectStreams: false }));
  const deflate = zlib.createDeflate({ level: 9 });
  const chunks: Buffer[] = [];
  deflate.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise((r) => deflate.on('end', r));
  const mb = Buffer.alloc(1024 * 1024, 0x20);
  for (let i = 0; i < BOMB_BYTES / mb.length; i++) if (!deflate.write(mb)) await new Promise((r) => deflate.once('drain', r));
  deflate.end();
  await done;
  const data = Buffer.concat(chunks);
  // An incremental update: the bomb as object 100, appended to the page's /Contents.
  const text = base.toString('latin1');
  const pageNum = Number(/(\d+) 0 obj\s*<<\s*\/Type \/Page\b/.exec(text)![1]);
  const pageBody = /\d+ 0 obj\s*(<<\s*\/Type \/Page\b[\s\S]*?)\nendobj/.exec(text)![1];
  // pdf-lib writes /Contents as an array: the bomb becomes the page's last content stream.
  const newPage = pageBody.replace(/\/Contents \[([^\]]*)\]/, '/Contents [$1 100 0 R ]');
  const prev = Number(/startxref\s+(\d+)\s+%%EOF\s*$/.exec(text)![1]);
  const size = Number(/\/Size (\d+)/.exec(text)![1]);
  const root = /\/Root (\d+ 0 R)/.exec(text)![1];
  let out = Buffer.concat([
    base,
    Buffer.from(`\n100 0 obj\n<< /Length ${data.length} /Filter /FlateDecode >>\nstream\n`, 'latin1'),
    data,
    Buffer.from('\nendstream\nendobj\n', 'latin1'),
  ]);
  const bombAt = base.length + 1;
  const pageAt = out.length;
  out = Buffer.concat([out, Buffer.from(`${pageNum} 0 obj\n${newPage}\nendobj\n`, 'latin1')]);
  const xrefAt = out.length;
  const entry = (off: number) => `${String(off).padStart(10, '0')} 00000 n \n`;
  const xref = `xref\n${pageNum} 1\n${entry(pageAt)}100 1\n${entry(bombAt)}trailer\n<< /Size ${Math.max(size, 101)} /Root ${root} /Prev ${prev} >>\nstartxref\n${xrefAt}\n%%EOF\n`;
  return Buffer.concat([out, Buffer.from(xref, 'latin1')]);
}

export const bombsBench: BenchModule = {
  name: 'bombs',
  async run(): Promise<BenchRow[]> {
    if (process.platform !== 'linux') return [];
    const bombs = await Promise.all([1, 2, 3].map(bombPdf));
    const dir = mkdtempSync(join(tmpdir(), 'veracity-bench-bombs-'));
    const served = await serve(dir, {}, 'default');
    const auth = { authorization: `Bearer ${KEY}` };
    // Both keep the bench process alive: a submit that throws must still end them (it once left
    // the sampler running, and the bench hung silently after printing its table).
    let sampler: NodeJS.Timeout | undefined;
    let load: ReturnType<typeof autocannon> | undefined;
    try {
      const pid = served.child.pid!;
      const post = async (bytes: Buffer, wait: boolean) => {
        const { http, body } = await submitFile(served, { bytes, name: 'bomb.pdf' }, wait);
        if (http !== 201) throw new Error(`submit answered ${http}: ${JSON.stringify(body)}`);
        return body;
      };
      const plain = await post(Buffer.from(await (await PDFDocument.create()).save()), true);
      // The same GET on the idle server first: on a shared machine this is the floor the load
      // alone gives, so the row below shows what the bombs add.
      const idle = await autocannon({ url: `${served.url}/api/v1/document-checks/${plain.id}/`, connections: 10, duration: 5, headers: auth });
      let peak = rssMb(pid);
      sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 50);
      const ids = (await Promise.all(bombs.map((b) => post(b, false)))).map((c) => c.id);
      load = autocannon({ url: `${served.url}/api/v1/document-checks/${plain.id}/`, connections: 10, duration: 600, headers: auth });
      const settled: string[] = [];
      const deadline = Date.now() + 300_000;
      while (settled.length < ids.length && Date.now() < deadline) {
        for (const id of ids.filter((i) => !settled.includes(i))) {
          const c = (await (await fetch(`${served.url}/api/v1/document-checks/${id}/`, { headers: auth })).json()) as { status: string };
          if (c.status !== 'processing') settled.push(id);
        }
        await new Promise((r) => setTimeout(r, 250));
      }
      (load as unknown as { stop(): void }).stop();
      const result = await load;
      clearInterval(sampler);
      load = undefined;
      const checks = await Promise.all(
        ids.map(
          async (id) => (await (await fetch(`${served.url}/api/v1/document-checks/${id}/`, { headers: auth })).json()) as { status: string; error?: unknown },
        ),
      );
      for (const c of checks) if (c.status !== 'completed') process.stderr.write(`bombs: a check ended ${c.status}: ${JSON.stringify(c.error ?? null)}\n`);
      const completed = checks.filter((c) => c.status === 'completed').length;
      return [
        { bench: 'bombs', metric: '3 x 1 GiB flate bombs at once: server peak RSS', value: Math.round(peak), unit: 'MB', target: 1536 },
        { bench: 'bombs', metric: 'GET check p99 before the bombs (idle server), 10 conn', value: idle.latency.p99, unit: 'ms' },
        { bench: 'bombs', metric: 'GET check p99 meanwhile, 10 conn', value: result.latency.p99, unit: 'ms', target: 100 },
        { bench: 'bombs', metric: 'bomb checks completed (analysed what fits)', value: completed, unit: 'of 3', target: 3, higherIsBetter: true },
      ];
    } finally {
      clearInterval(sampler);
      (load as unknown as { stop(): void } | undefined)?.stop();
      await stop(served);
      rmSync(dir, { recursive: true, force: true });
    }
  },
};
