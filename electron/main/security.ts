/**
 * The renderer is our own code served from the loopback service; it needs nothing else.
 * Same policy as renderer/index.html's meta tag (kept in step by a test).
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  // pdf.js decodes some image formats with WebAssembly.
  "script-src 'self' 'wasm-unsafe-eval'",
  "worker-src 'self' blob:",
  "style-src 'self'",
  "img-src 'self' blob: data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** Navigation is allowed only within the service's own origin (hash routes and reloads). */
export function isAllowedNavigation(target: string, serviceUrl: string): boolean {
  try {
    return new URL(target).origin === new URL(serviceUrl).origin;
  } catch {
    return false;
  }
}
