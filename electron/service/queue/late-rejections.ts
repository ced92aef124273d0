/**
 * pdf.js can reject a promise of its own after the call that started it has returned (seen on
 * damaged files: an xref entry it reads late). Such a rejection belongs to an analysis that is
 * already over; left unhandled it would kill the worker thread, and with it the analysis of the
 * next document. Analysis threads absorb them and report them to `onLate` instead.
 */
export function absorbLateRejections(onLate: (reason: unknown) => void): void {
  process.on('unhandledRejection', (reason) => onLate(reason));
}
