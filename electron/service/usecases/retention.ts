/**
 * Retention (DECISIONS "Beyond v1"): the workspace's policy with this machine's pinned values
 * over it. A pinned value cannot be changed from the API; a change is applied at once rather
 * than at the next hourly pass.
 */
import type { z } from 'zod';
import type { RetentionPatch } from '../../../contract/api-v1.js';
import type { Store } from '../store/index.js';
import { getRetention, setRetention, type RetentionPin, type RetentionPolicy, type RetentionSweeper } from '../store/retention.js';
import { Rejected } from './rejections.js';

export class Retention {
  constructor(
    private readonly store: Store,
    private readonly pin: RetentionPin | undefined,
    /** Absent in bare test contexts. */
    private readonly sweeper: RetentionSweeper | undefined,
  ) {}

  current(): Promise<RetentionPolicy> {
    return getRetention(this.store, this.pin);
  }

  async update(patch: z.output<typeof RetentionPatch>, actor: string): Promise<RetentionPolicy> {
    const pinned = Object.keys(patch).filter((k) => patch[k as keyof typeof patch] !== undefined && this.pin?.[k as keyof typeof patch] !== undefined);
    if (pinned.length)
      throw new Rejected('parameter_invalid', `Invalid '${pinned[0]}': pinned by this machine's policy (policy.json); ask your administrator.`);
    await setRetention(this.store, patch, actor);
    const next = await this.current();
    void this.sweeper?.kick();
    return next;
  }
}
