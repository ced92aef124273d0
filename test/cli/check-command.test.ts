/**
 * `veracity check` as a user meets it: folders are walked, a missing file or an empty folder gets
 * one plain line (and with --json the API's error envelope), and the table says each flag's top
 * reasons in words. The presentation is also checked on its own, without the engine.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { expandInputs } from '../../electron/cli/check/inputs.js';
import { formatResults, TOP_REASONS } from '../../electron/cli/check/present.js';
import { terminalWidth } from '../../electron/cli/wrap.js';
import type { DocumentCheck as DocumentCheckJson } from '../../contract/check.js';
import { makePdf, tempDir } from '../service/helpers.js';
import { runCli } from './cli-helpers.js';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));
function folder(): string {
  const d = tempDir('veracity-check-cmd-');
  dirs.push(d);
  return d;
}

describe('check inputs', () => {
  it('walks folders in name order, keeps PDF/PNG/JPEG names, skips hidden entries, and names what is missing or empty', async () => {
    const d = folder();
    mkdirSync(join(d, 'docs', 'b'), { recursive: true });
    mkdirSync(join(d, 'docs', '.cache'));
    mkdirSync(join(d, 'empty'));
    for (const f of ['docs/z.PDF', 'docs/a.jpg', 'docs/b/c.png', 'docs/notes.txt', 'docs/.hidden.pdf', 'docs/.cache/x.pdf', 'loose.bin'])
      writeFileSync(join(d, f), 'x');
    const { inputs, problems } = await expandInputs([join(d, 'docs'), join(d, 'loose.bin'), join(d, 'nope.pdf'), join(d, 'empty')]);
    expect(inputs.map((i) => i.path.slice(d.length + 1))).toEqual(['docs/a.jpg', 'docs/b/c.png', 'docs/z.PDF', 'loose.bin']);
    expect(problems).toEqual([
      { path: join(d, 'nope.pdf'), code: 'file_not_found', message: `${join(d, 'nope.pdf')}: no such file or folder.` },
      { path: join(d, 'empty'), code: 'no_documents_in_folder', message: `${join(d, 'empty')}: a folder with no PDF, PNG or JPEG files in it.` },
    ]);
  });
});

describe('check table', () => {
  const reason = (summary: string) => ({ code: 'incremental_edit.content', summary, pages: [1], evidence: {} });
  const check = {
    object: 'document_check',
    status: 'completed',
    decision: 'fraudulent',
    risk_score: 91,
    risk_level: 'CRITICAL',
    flags: [
      {
        code: 'incremental_edit',
        title: 'Edited after creation',
        severity: 'high',
        reasons: [reason('Revision 2 replaced "1,250.00" with "9,250.00" on page 1.'), reason('Second reason.'), reason('Third reason.')],
      },
      { code: 'scrubbed_metadata', title: 'Metadata removed', severity: 'low', reasons: [reason('No Info dictionary and no XMP packet.')] },
    ],
    error: null,
  } as unknown as DocumentCheckJson;

  it('prints each flag in words with its top reasons under the file row', () => {
    const out = formatResults([{ path: 'statement.pdf', check }], 200).split('\n');
    expect(out[0]).toMatch(/^FILE\s+DECISION\s+SCORE\s+RISK\s+FLAGS/);
    expect(out[1]).toMatch(/^statement\.pdf\s+fraudulent\s+91\s+CRITICAL\s+incremental_edit, scrubbed_metadata$/);
    expect(out).toContain('  Edited after creation (high)');
    expect(out).toContain('    - Revision 2 replaced "1,250.00" with "9,250.00" on page 1. [page 1]');
    expect(out).toContain('    - Second reason. [page 1]');
    expect(out).not.toContain('    - Third reason.');
    expect(out).toContain(`    - and ${3 - TOP_REASONS} more (--json lists every reason)`);
    expect(out).toContain('  Metadata removed (low)');
  });

  it('prints every word of a long reason, wrapped to the width, with its page and region', () => {
    const long =
      'The Info Producer says Adobe Distiller but the file was written by another library; the producer (Adobe Distiller / PDFMaker / e-signature) always writes object streams and this file has none.';
    const boxed = {
      ...check,
      flags: [
        {
          ...check.flags[0],
          reasons: [
            { code: 'incremental_edit.content', summary: long, pages: [2], evidence: { page: 2, bbox: [0.123, 0.3, 0.481, 0.342] } },
            { code: 'incremental_edit.content', summary: 'Two places.', pages: [1, 3], evidence: {} },
          ],
        },
      ],
    } as unknown as DocumentCheckJson;
    const lines = formatResults([{ path: 'statement.pdf', check: boxed }], 60).split('\n');
    const reasons = lines.slice(lines.indexOf('  Edited after creation (high)') + 1);
    for (const line of reasons) expect(line.length).toBeLessThanOrEqual(60);
    const text = reasons.join(' ').replace(/\s+/g, ' ');
    expect(text).toContain(`- ${long} [page 2, region x 12-48 %, y 30-34 %]`);
    expect(reasons[1]).toMatch(/^ {6}\S/);
    expect(text).toContain('- Two places. [pages 1, 3]');
  });

  it('wraps to the terminal, or to 100 columns when not writing to one', () => {
    expect(terminalWidth({ isTTY: true, columns: 72 })).toBe(72);
    expect(terminalWidth({ isTTY: undefined, columns: undefined })).toBe(100);
  });

  it('says why a file has no verdict', () => {
    const failed = {
      ...check,
      status: 'failed',
      flags: [],
      error: { type: 'api_error', code: 'corrupt_document', message: 'The file is damaged.' },
    } as unknown as DocumentCheckJson;
    const out = formatResults([
      { path: 'a.pdf', check: failed },
      { path: 'b.pdf', check: null, failure: 'EACCES' },
    ]);
    expect(out).toMatch(/a\.pdf\s+FAILED.*corrupt_document: The file is damaged\./);
    expect(out).toMatch(/b\.pdf\s+ERROR.*EACCES/);
  });
});

describe('veracity check (the real binary)', () => {
  it('walks a folder, and reports a missing file in one line (exit 1: something given was not checked)', async () => {
    const d = folder();
    mkdirSync(join(d, 'in', 'sub'), { recursive: true });
    writeFileSync(join(d, 'in', 'sub', 'receipt.pdf'), await makePdf('Receipt 12.50'));
    const res = await runCli(['check', join(d, 'in'), join(d, 'missing.pdf'), '--data-dir', join(d, 'none')]);
    expect(res.stdout).toMatch(/sub\/receipt\.pdf\s+(clear|pending|suspicious|fraudulent)\s+\d+/);
    expect(res.stderr).toBe(`veracity: ${join(d, 'missing.pdf')}: no such file or folder.\n`);
    expect(res.code).toBe(1);
  });

  it('with --json, prints the error envelope for what could not be checked; with nothing to check, exits 2', async () => {
    const d = folder();
    const res = await runCli(['check', '--json', join(d, 'missing.pdf'), d, '--data-dir', join(d, 'none')]);
    const lines = res.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines).toEqual([
      { error: { type: 'invalid_request_error', code: 'file_not_found', message: `${join(d, 'missing.pdf')}: no such file or folder.` } },
      { error: { type: 'invalid_request_error', code: 'no_documents_in_folder', message: `${d}: a folder with no PDF, PNG or JPEG files in it.` } },
    ]);
    expect(res.code).toBe(2);
    expect(res.stderr).not.toMatch(/^\s+at /m);
  });
});
