/** The workspace settings a new check is scored with (SPEC rule 6: snapshotted when it is submitted). */
import { DEFAULT_THRESHOLDS, type Thresholds } from '../../../engine/index.js';
import type { SettingsSnapshot } from '../domain/check-record.js';
import type { Store } from '../store/index.js';
import { toRuleInput } from '../store/rules.js';

export interface CheckSettings {
  thresholds: Thresholds;
  snapshot: SettingsSnapshot;
}

export async function workspaceSettings(store: Store): Promise<CheckSettings> {
  const t = await store.settings.thresholds();
  return {
    thresholds: { pending_below: t.pending_below, suspicious_below: t.suspicious_below, fraudulent_below: t.fraudulent_below },
    snapshot: { disabled_flag_codes: (await store.settings.flagSettings()).disabled_flag_codes, rules: (await store.rules.active()).map(toRuleInput) },
  };
}

/** A workspace that was never set up: default thresholds, every flag on, no rules. */
export function defaultSettings(): CheckSettings {
  return { thresholds: { ...DEFAULT_THRESHOLDS }, snapshot: { disabled_flag_codes: [], rules: [] } };
}
