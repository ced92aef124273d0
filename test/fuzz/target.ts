/**
 * One fuzz input through every reader the engine has: the PDF structure parser or the image
 * loader (by sniffed type), then the whole `analyze`. An EngineError is a correct answer; any
 * other exception is a crash. Detector failures are caught by the engine; they are counted.
 */
import { analyze } from '../../engine/analyze.js';
import { loadImage } from '../../engine/read/image/load.js';
import { parsePdfStructure } from '../../engine/read/pdf/structure/index.js';
import { sniffMime } from '../../engine/read/sniff.js';
import { EngineError } from '../../engine/types.js';

export type TargetResult =
  { outcome: 'ok'; detectorFailures: string[] } | { outcome: 'refused'; code: string } | { outcome: 'crash'; stage: string; message: string; stack?: string };

async function stage<T>(name: string, fn: () => Promise<T> | T): Promise<{ ok: true; value: T } | { ok: false; result: TargetResult }> {
  try {
    return { ok: true, value: await fn() };
  } catch (err) {
    if (err instanceof EngineError) return { ok: false, result: { outcome: 'refused', code: err.code } };
    const e = err as Error;
    return { ok: false, result: { outcome: 'crash', stage: name, message: String(e?.message ?? err), stack: e?.stack } };
  }
}

export async function runTarget(bytes: Uint8Array, options: { ocr: boolean }): Promise<TargetResult> {
  const mime = sniffMime(bytes);
  if (mime === 'application/pdf') {
    const parsed = await stage('parsePdfStructure', () => parsePdfStructure(bytes));
    if (!parsed.ok && parsed.result.outcome === 'crash') return parsed.result;
  } else if (mime) {
    const loaded = await stage('loadImage', () => loadImage(bytes, mime, { maxMegapixels: 100 }));
    if (!loaded.ok && loaded.result.outcome === 'crash') return loaded.result;
  }
  const analysed = await stage('analyze', () => analyze(bytes, { now: '2026-01-01T00:00:00Z', ...(options.ocr ? {} : { ocr: false as const }) }));
  if (!analysed.ok) return analysed.result;
  const a = analysed.value as { timings: Record<string, number>; incomplete?: Array<{ detector: string }> };
  const failures =
    a.incomplete?.map((i) => i.detector) ??
    Object.keys(a.timings)
      .filter((k) => k.startsWith('error:'))
      .map((k) => k.slice(6));
  return { outcome: 'ok', detectorFailures: failures };
}
