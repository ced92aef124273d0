/**
 * Thresholds and flag settings: workspace-wide, applied to checks submitted after a change
 * (SPEC rule 6). A change is checked whole (the thresholds as they would be after it) and written
 * with its audit event.
 */
import type { z } from 'zod';
import type { FlagSettingsPatch, ThresholdsPatch } from '../../../contract/api-v1.js';
import { isFlagCode, thresholdsAreValid } from '../../../engine/index.js';
import type { Store } from '../store/index.js';
import type { FlagSettingsRecord, ThresholdsRecord } from '../store/settings.js';
import { Rejected } from './rejections.js';

export class Settings {
  constructor(private readonly store: Store) {}

  thresholds(): Promise<ThresholdsRecord> {
    return this.store.settings.thresholds();
  }

  async updateThresholds(patch: z.output<typeof ThresholdsPatch>, actor: string): Promise<ThresholdsRecord> {
    const current = await this.store.settings.thresholds();
    const next = {
      pending_below: patch.pending_below ?? current.pending_below,
      suspicious_below: patch.suspicious_below ?? current.suspicious_below,
      fraudulent_below: patch.fraudulent_below ?? current.fraudulent_below,
    };
    if (!thresholdsAreValid(next)) {
      throw new Rejected(
        'invalid_thresholds',
        `Thresholds must satisfy 0 < pending_below < suspicious_below < fraudulent_below <= 100 (got ${next.pending_below}, ${next.suspicious_below}, ${next.fraudulent_below}).`,
      );
    }
    return this.store.audited(
      actor,
      (tx) => tx.settings.setThresholds(next),
      () => ({ action: 'thresholds.updated', target_id: null, details: { ...next } }),
    );
  }

  flagSettings(): Promise<FlagSettingsRecord> {
    return this.store.settings.flagSettings();
  }

  async updateFlagSettings({ disabled_flag_codes }: z.output<typeof FlagSettingsPatch>, actor: string): Promise<FlagSettingsRecord> {
    const unknown = disabled_flag_codes.filter((c) => !isFlagCode(c));
    if (unknown.length > 0) {
      throw new Rejected(
        'unknown_flag_code',
        `Invalid 'disabled_flag_codes': unknown flag code${unknown.length > 1 ? 's' : ''} ${unknown.map((c) => `'${c}'`).join(', ')}.`,
      );
    }
    const codes = [...new Set(disabled_flag_codes)];
    return this.store.audited(
      actor,
      (tx) => tx.settings.setDisabledFlagCodes(codes),
      () => ({ action: 'flag_settings.updated', target_id: null, details: { disabled_flag_codes: codes } }),
    );
  }

  /** The secret webhooks are signed with (the dashboard shows it to key managers). */
  webhookSecret(): Promise<string> {
    return this.store.settings.webhookSecret();
  }
}
