/** Where an XMP packet lives for either kind of document (a question about the context, not about the bytes). */
import type { DetectorContext } from './context.js';

export function xmpOf(ctx: DetectorContext): string | null {
  return ctx.image?.xmp ?? ctx.pdf?.xmp ?? null;
}
