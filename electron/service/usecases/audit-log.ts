/** The audit log, read back newest first (every change writes its own event in its transaction). */
import type { AuditEvent, Store } from '../store/index.js';

export class AuditLog {
  constructor(private readonly store: Store) {}

  /** null when `startingAfter` names no event. */
  list(limit: number, startingAfter?: string): Promise<{ data: AuditEvent[]; has_more: boolean } | null> {
    return this.store.audit.list(limit, startingAfter);
  }
}
