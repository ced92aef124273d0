/**
 * Piscina worker: loads what the analysis thread runs (analysis-core.ts, through code-cache.ts,
 * which on Node 20 runs it from one bundled script with a V8 code cache) and hands piscina its
 * task function.
 */
import { loadAnalysisCore } from './code-cache.js';

const core = await loadAnalysisCore();
// The thread is ready for its first file only once the detectors are loaded.
await core.preloadEngine();

export default core.runAnalysis;
