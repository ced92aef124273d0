/** Workspace settings held as JSON values in one key/value table: thresholds, flag settings, webhook secret. */
import type { Db } from '../db/open.js';
import { DEFAULT_THRESHOLDS, type Thresholds } from '../../../engine/scoring/bands.js';
import { newWebhookSecret, nowIso } from './ids.js';

export interface ThresholdsRecord extends Thresholds {
  updated_at: string | null;
}

export interface FlagSettingsRecord {
  disabled_flag_codes: string[];
  updated_at: string | null;
}

export class SettingsStore {
  constructor(private readonly db: Db) {}

  private read<T>(key: string): { value: T; updated_at: string } | null {
    const row = this.db.prepare('SELECT value, updated_at FROM settings WHERE key = ?').get(key) as { value: string; updated_at: string } | undefined;
    return row ? { value: JSON.parse(row.value) as T, updated_at: row.updated_at } : null;
  }

  private write(key: string, value: unknown): string {
    const at = nowIso();
    this.db
      .prepare('INSERT INTO settings (key, value, updated_at) VALUES (?, ?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at')
      .run(key, JSON.stringify(value), at);
    return at;
  }

  thresholds(): ThresholdsRecord {
    const stored = this.read<Thresholds>('thresholds');
    return stored ? { ...stored.value, updated_at: stored.updated_at } : { ...DEFAULT_THRESHOLDS, updated_at: null };
  }

  setThresholds(t: Thresholds): ThresholdsRecord {
    const value = { pending_below: t.pending_below, suspicious_below: t.suspicious_below, fraudulent_below: t.fraudulent_below };
    return { ...value, updated_at: this.write('thresholds', value) };
  }

  flagSettings(): FlagSettingsRecord {
    const stored = this.read<string[]>('disabled_flag_codes');
    return stored ? { disabled_flag_codes: stored.value, updated_at: stored.updated_at } : { disabled_flag_codes: [], updated_at: null };
  }

  setDisabledFlagCodes(codes: string[]): FlagSettingsRecord {
    return { disabled_flag_codes: codes, updated_at: this.write('disabled_flag_codes', codes) };
  }

  /** The workspace webhook signing secret, created on first use. */
  webhookSecret(): string {
    return this.db.transaction(() => {
      const stored = this.read<string>('webhook_secret');
      if (stored) return stored.value;
      const secret = newWebhookSecret();
      this.write('webhook_secret', secret);
      return secret;
    }).immediate();
  }
}
