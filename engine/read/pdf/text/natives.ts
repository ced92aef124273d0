/**
 * The built-ins pdf.js's legacy build replaces with core-js polyfills when it loads. Two of them
 * are on every hot path of the process, not only pdf.js's: `Array.prototype.push` (forced on
 * Node 20 for an edge case with lengths above 2^32, and then a JavaScript loop instead of V8's
 * inlined push) and `JSON.parse` (for the reviver source-text proposal nobody here uses). They
 * cost a 500-page statement about a tenth of its analysis. This module is imported before
 * pdf.js so it sees the engine's own functions; `restoreNatives` puts them back afterwards.
 */
const nativePush = Array.prototype.push;
const nativeJsonParse = JSON.parse;

export function restoreNatives(): void {
  if (Array.prototype.push !== nativePush) {
    Object.defineProperty(Array.prototype, 'push', { value: nativePush, writable: true, configurable: true, enumerable: false });
  }
  if (JSON.parse !== nativeJsonParse) {
    Object.defineProperty(JSON, 'parse', { value: nativeJsonParse, writable: true, configurable: true, enumerable: false });
  }
}
