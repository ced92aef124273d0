export { analyze, DEFAULT_LIMITS } from './analyze.js';
export { ENGINE_VERSION } from './version.js';
export { sniffMime } from './sniff.js';
export { FLAG_CATALOG, FLAG_CODES, isFlagCode, type FlagCode, type FlagDefinition } from './catalog/flags.js';
export * from './scoring/index.js';
export * from './types.js';
export { DETECTORS } from './detect/registry.js';
