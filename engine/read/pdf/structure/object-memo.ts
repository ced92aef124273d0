/**
 * Loads each object number once and breaks reference cycles: while an object is being loaded,
 * asking for it again answers `null` (PDF's null object) instead of recursing forever -- a
 * malformed or hostile file can make an object's /Length or stream data refer to itself.
 */
import type { PdfValue } from './objects.js';

export class ObjectMemo {
  private readonly cache = new Map<number, PdfValue>();
  private readonly inProgress = new Set<number>();

  constructor(private readonly load: (num: number) => PdfValue) {}

  get(num: number): PdfValue {
    if (this.cache.has(num)) return this.cache.get(num)!;
    if (this.inProgress.has(num)) return null;
    this.inProgress.add(num);
    try {
      const value = this.load(num);
      this.cache.set(num, value);
      return value;
    } finally {
      this.inProgress.delete(num);
    }
  }

  isLoading(num: number): boolean {
    return this.inProgress.has(num);
  }
}
