/**
 * Child-process side of the no-side-effects test: watches every way the analysis could reach out
 * (sockets, name resolution, fetch, programs, workers, and files whose path a document names),
 * then runs the real engine entry over the documents it is given on stdin and prints what it saw
 * as one JSON line. Each watcher records the call and refuses it. `--self-check` makes the probe
 * itself try what the analysis must never do, so the test proves the watchers see it.
 *
 * Run by the test under Node's permission model as well (no child processes, no workers, no
 * writes, reads only where the engine's code lives), so what a watcher misses is refused anyway.
 */
import child_process from 'node:child_process';
import dns from 'node:dns';
import fs from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
import net from 'node:net';
import tls from 'node:tls';

export interface ProbeInput {
  markers: string[];
  documents: Array<{ name: string; base64: string }>;
}

export interface ProbeOutput {
  events: string[];
  results: Array<{ name: string; codes: string[]; error?: string }>;
}

const events: string[] = [];

function watch<T extends object>(owner: T, names: string[], label: string, matches: (args: unknown[]) => boolean = () => true): void {
  const table = owner as Record<string, unknown>;
  for (const name of names) {
    const original = table[name];
    if (typeof original !== 'function') continue;
    table[name] = function watched(this: unknown, ...args: unknown[]) {
      if (!matches(args)) return (original as (...a: unknown[]) => unknown).apply(this, args);
      events.push(`${label}.${name}(${args.filter((a) => typeof a === 'string' || typeof a === 'number').join(', ')})`);
      throw new Error(`side effect refused: ${label}.${name}`);
    };
  }
}

function install(markers: string[]): void {
  const namesMarker = (args: unknown[]) => args.some((a) => markers.some((m) => String(a instanceof URL ? a.href : a).includes(m)));
  watch(net.Socket.prototype, ['connect'], 'net.Socket');
  watch(net, ['connect', 'createConnection'], 'net');
  watch(tls, ['connect'], 'tls');
  watch(dns, ['lookup', 'lookupService', 'resolve', 'resolve4', 'resolve6', 'resolveAny'], 'dns');
  watch(dns.promises, ['lookup', 'lookupService', 'resolve', 'resolve4', 'resolve6', 'resolveAny'], 'dns.promises');
  watch(child_process, ['spawn', 'spawnSync', 'exec', 'execSync', 'execFile', 'execFileSync', 'fork'], 'child_process');
  watch(globalThis, ['fetch'], 'globalThis');
  const fileCalls = [
    'open',
    'openSync',
    'readFile',
    'readFileSync',
    'createReadStream',
    'stat',
    'statSync',
    'lstat',
    'lstatSync',
    'access',
    'accessSync',
    'existsSync',
  ];
  watch(fs, fileCalls, 'fs', namesMarker);
  watch(fs.promises, ['open', 'readFile', 'stat', 'lstat', 'access'], 'fs.promises', namesMarker);
  // ES module imports of node:fs and the others read these bindings: bring them up to date.
  syncBuiltinESMExports();
}

/** What the analysis must never do, done on purpose: each attempt must appear in `events`. */
async function selfCheck(markers: string[]): Promise<void> {
  const attempts: Array<() => unknown> = [
    () => fs.openSync(`/${markers[1] ?? markers[0]}`, 'r'),
    () => dns.lookup(markers[0], () => undefined),
    () => new net.Socket().connect(80, markers[0]),
    () => child_process.spawnSync(markers[0]),
  ];
  for (const attempt of attempts) {
    try {
      await attempt();
    } catch {
      // Refused, as intended; the event is what counts.
    }
  }
}

async function main(): Promise<void> {
  const chunks: Buffer[] = [];
  for await (const c of process.stdin) chunks.push(c as Buffer);
  const input = JSON.parse(Buffer.concat(chunks).toString('utf8')) as ProbeInput;
  install(input.markers);
  if (process.argv.includes('--self-check')) await selfCheck(input.markers);
  const { analyze } = await import('../../../engine/index.js');
  const results: ProbeOutput['results'] = [];
  for (const doc of input.documents) {
    try {
      const analysis = await analyze(new Uint8Array(Buffer.from(doc.base64, 'base64')), { filename: `${doc.name}.pdf` });
      results.push({ name: doc.name, codes: analysis.findings.map((f) => f.code) });
    } catch (err) {
      results.push({ name: doc.name, codes: [], error: err instanceof Error ? err.message : String(err) });
    }
  }
  process.stdout.write(JSON.stringify({ events, results } satisfies ProbeOutput) + '\n');
}

await main();
