/** Hard limits of one analysis; `AnalyzeOptions` can lower or raise them per call. */
export const DEFAULT_LIMITS = { maxPages: 500, maxMegapixels: 100 } as const;
