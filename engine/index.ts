/**
 * The engine's one entry point: the service, the CLI, the bench and the lab's runners import the
 * engine from here only (a dependency-cruiser rule); tests may reach inside.
 */
import type { Analysis, AnalyzeOptions } from './types.js';

/**
 * Bytes in, analysis out. The detectors load on the first call: the service's main thread, the
 * CLI's `--version` and the rule sandbox import this entry for scoring and value sets only, and
 * should not pay the detectors' start-up (about 0.7 s) for it.
 */
export async function analyze(bytes: Uint8Array, options: AnalyzeOptions = {}): Promise<Analysis> {
  const engine = await import('./analyze.js');
  return engine.analyze(bytes, options);
}

/** Loads the detectors now, for a thread that will analyse and should be warm before its first file. */
export async function preloadEngine(): Promise<void> {
  await import('./analyze.js');
}

export { DEFAULT_LIMITS } from './limits.js';
export { ENGINE_VERSION } from './version.js';
export { sniffMime } from './read/sniff.js';
export { FLAG_CATALOG, FLAG_CODES, isFlagCode, type FlagCode, type FlagDefinition } from './catalog/flags.js';
export * from './scoring/index.js';
export { ruleReasoning } from './scoring/rules.js';
export * from './types.js';
export { hammingHex, lshBands, minhashSimilarity, type FingerprintRow, type LibraryFingerprint } from './library/index.js';
export { minhash, normaliseWords } from './library/minhash.js';
export { key64 } from './library/hash.js';
export { setOcrIdleTimeout } from './read/ocr/tesseract.js';
