/**
 * The analysis never follows what a document asks for (issue 28): no name resolved, no
 * connection, no path the document names opened, no program run, no JavaScript executed. The
 * real engine entry runs in a child process under Node's permission model (no child processes,
 * no workers, no writes, reads only of the code; native addons allowed, which the watchers cover) with watchers on the network, name resolution,
 * programs and the files the documents name; both must stay silent, and the findings must still
 * report the actions as active content. A self-check run proves the watchers see such attempts.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, realpathSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../support/environment.js';
import { MARKERS, actionDocuments } from './documents.js';
import type { ProbeInput, ProbeOutput } from './probe.js';

const PROBE = join(REPO_ROOT, 'dist', 'test', 'engine', 'side-effects', 'probe.js');
const MARKER_LIST = [MARKERS.host, MARKERS.path.slice(1), MARKERS.program];

function runProbe(documents: ProbeInput['documents'], extra: string[] = []): ProbeOutput {
  const readable = [REPO_ROOT, realpathSync(join(REPO_ROOT, 'node_modules'))].map((d) => `--allow-fs-read=${join(d, '*')}`);
  // Addons stay allowed: pdf.js draws on the canvas package's native geometry (DOMMatrix, Path2D).
  const child = spawnSync(process.execPath, ['--experimental-permission', ...readable, '--allow-addons', '--no-warnings', PROBE, ...extra], {
    input: JSON.stringify({ markers: MARKER_LIST, documents } satisfies ProbeInput),
    encoding: 'utf8',
    timeout: 120_000,
    maxBuffer: 64 * 1024 * 1024,
  });
  if (child.status !== 0) throw new Error(`probe exited with ${child.status}: ${child.stderr}`);
  return JSON.parse(child.stdout.trim().split('\n').pop()!) as ProbeOutput;
}

describe.skipIf(!existsSync(PROBE))('no side effects (built engine under the permission model)', () => {
  const docs = actionDocuments();

  it('analyses documents carrying every action kind without resolving, connecting, opening or running anything', () => {
    const out = runProbe(docs.map((d) => ({ name: d.name, base64: Buffer.from(d.bytes).toString('base64') })));
    expect(out.events).toEqual([]);
    for (const doc of docs) {
      const result = out.results.find((r) => r.name === doc.name)!;
      expect(result.error, doc.name).toBeUndefined();
      // Reported as evidence, never followed.
      for (const code of doc.reports) expect(result.codes, doc.name).toContain(code);
    }
  }, 180_000);

  it('would see an attempt: the watchers catch the probe opening, resolving, connecting and spawning on purpose', () => {
    const out = runProbe([], ['--self-check']);
    expect(out.events).toEqual([
      expect.stringMatching(/^fs\.openSync\(.*veracity-side-effect-missing/),
      expect.stringMatching(/^dns\.lookup\(veracity-side-effect\.invalid/),
      expect.stringMatching(/^net\.Socket\.connect\(80, veracity-side-effect\.invalid/),
      expect.stringMatching(/^child_process\.spawnSync\(veracity-side-effect\.invalid/),
    ]);
  }, 60_000);
});
