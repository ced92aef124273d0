/**
 * Failures of allocation rather than of a file's syntax: a canvas or buffer larger than the
 * runtime can give (pdf.js's canvas, zlib, typed arrays). They are named `resource_limit`, never
 * a generic engine failure, so a caller can tell a hostile size from a broken file.
 */
export function isResourceFailure(err: unknown): boolean {
  const message = (err as { message?: string } | null)?.message ?? String(err);
  return (
    err instanceof RangeError ||
    ['ERR_WORKER_OUT_OF_MEMORY', 'ERR_BUFFER_TOO_LARGE'].includes((err as { code?: string } | null)?.code ?? '') ||
    /Create skia surface failed|Array buffer allocation failed|Invalid typed array length|ERR_BUFFER_TOO_LARGE|out of memory/i.test(message)
  );
}
