/**
 * Passwords that opened a PDF in this window, kept in memory only (never in storage, gone on
 * reload), so the page viewer can show the pages of a check that needed one. pdf.js asks for a
 * password only when a file needs it; it is offered these, newest first, then gives up.
 */
const remembered: string[] = [];
const MAX = 10;

export function rememberPassword(password: string): void {
  const at = remembered.indexOf(password);
  if (at >= 0) remembered.splice(at, 1);
  remembered.unshift(password);
  remembered.length = Math.min(remembered.length, MAX);
}

/** pdf.js's onPassword: each remembered password once, then an error that ends the loading. */
export function offerPasswords(): (update: (password: string | Error) => void) => void {
  let next = 0;
  return (update) => update(next < remembered.length ? remembered[next++] : new Error('No password opens this PDF'));
}
