/**
 * The project's structure rules run with the test suite (so `npm test` and CI enforce them):
 * dependency-cruiser checks the layering (.dependency-cruiser.cjs) and ESLint the code
 * (eslint.config.js, typescript-eslint's recommended rules). Both by hand: `npm run lint`.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const bin = (pkg: string, file: string) => join(ROOT, 'node_modules', pkg, file);

function run(file: string, args: string[]): { status: number | null; output: string } {
  const r = spawnSync(process.execPath, [file, ...args], { cwd: ROOT, encoding: 'utf8', timeout: 280_000, env: { ...process.env, NO_COLOR: '1' } });
  return { status: r.status, output: `${r.stdout}${r.stderr}${r.error ? String(r.error) : ''}` };
}

describe('structure rules', () => {
  it('dependency-cruiser: vocabulary a leaf, engine pure, service without electron, no calls up into HTTP, no cycles', { timeout: 300_000 }, () => {
    const r = run(bin('dependency-cruiser', 'bin/dependency-cruise.mjs'), [
      'contract',
      'vocabulary',
      'engine',
      'electron',
      'bench',
      'renderer/src',
      '--config',
      '.dependency-cruiser.cjs',
    ]);
    expect(r.status, r.output).toBe(0);
  });

  it('ESLint (typescript-eslint recommended) reports nothing', { timeout: 300_000 }, () => {
    const r = run(bin('eslint', 'bin/eslint.js'), ['.', '--max-warnings', '0']);
    expect(r.status, r.output).toBe(0);
  });
});
