/**
 * IPTC Digital Source Type vocabulary (http://cv.iptc.org/newscodes/digitalsourcetype/), used by
 * both C2PA actions and XMP. Only the terms that mean "made by a trained generative model" count
 * as AI: `algorithmicMedia` (procedural, not trained) and `algorithmicallyEnhanced` (denoise,
 * upscaling) do not.
 */
export type AiSourceKind = 'generated' | 'composite';

const AI_TERMS: Record<string, AiSourceKind> = {
  trainedalgorithmicmedia: 'generated',
  compositewithtrainedalgorithmicmedia: 'composite',
  // Older draft term some tools still write.
  compositesynthetic: 'composite',
};

const CAPTURE_TERMS = new Set(['digitalcapture', 'computationalcapture', 'negativefilm', 'positivefilm', 'print', 'minorhumanedits', 'humanedits']);

function term(value: string): string {
  const t = value.trim().replace(/[/#]+$/, '');
  return t.slice(Math.max(t.lastIndexOf('/'), t.lastIndexOf('#')) + 1).toLowerCase();
}

export function aiSourceKind(value: string | undefined | null): AiSourceKind | null {
  return value ? (AI_TERMS[term(value)] ?? null) : null;
}

export function isCaptureSource(value: string | undefined | null): boolean {
  return !!value && CAPTURE_TERMS.has(term(value));
}

/** Short name of a source type for summaries (`trainedAlgorithmicMedia`). */
export function sourceTypeName(value: string): string {
  const t = value.trim().replace(/[/#]+$/, '');
  return t.slice(Math.max(t.lastIndexOf('/'), t.lastIndexOf('#')) + 1);
}
