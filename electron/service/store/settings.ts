/** Workspace settings held as JSON values in one key/value table: thresholds, flag settings, webhook secret. */
import type { Sql } from '../db/sql.js';
import { DEFAULT_THRESHOLDS, type Thresholds } from '../../../engine/index.js';
import { newWebhookSecret, nowIso } from './ids.js';

export interface ThresholdsRecord extends Thresholds {
  updated_at: string | null;
}

export interface FlagSettingsRecord {
  disabled_flag_codes: string[];
  updated_at: string | null;
}

export class SettingsStore {
  constructor(private readonly sql: Sql) {}

  private async read<T>(key: string): Promise<{ value: T; updated_at: string } | null> {
    const row = await this.sql.get<{ value: string; updated_at: string }>('SELECT value, updated_at FROM settings WHERE key = ?', [key]);
    return row ? { value: JSON.parse(row.value) as T, updated_at: row.updated_at } : null;
  }

  /** Stored as JSON text under `key` (also used by retention). */
  async write(key: string, value: unknown): Promise<string> {
    const at = nowIso();
    await this.sql.run(
      'INSERT INTO settings (key, value, updated_at) VALUES (?, ?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at',
      [key, JSON.stringify(value), at],
    );
    return at;
  }

  /** A raw stored value (JSON text) and when it was written. */
  async raw(key: string): Promise<{ value: string; updated_at: string } | null> {
    return (await this.sql.get<{ value: string; updated_at: string }>('SELECT value, updated_at FROM settings WHERE key = ?', [key])) ?? null;
  }

  async thresholds(): Promise<ThresholdsRecord> {
    const stored = await this.read<Thresholds>('thresholds');
    return stored ? { ...stored.value, updated_at: stored.updated_at } : { ...DEFAULT_THRESHOLDS, updated_at: null };
  }

  async setThresholds(t: Thresholds): Promise<ThresholdsRecord> {
    const value = { pending_below: t.pending_below, suspicious_below: t.suspicious_below, fraudulent_below: t.fraudulent_below };
    return { ...value, updated_at: await this.write('thresholds', value) };
  }

  async flagSettings(): Promise<FlagSettingsRecord> {
    const stored = await this.read<string[]>('disabled_flag_codes');
    return stored ? { disabled_flag_codes: stored.value, updated_at: stored.updated_at } : { disabled_flag_codes: [], updated_at: null };
  }

  async setDisabledFlagCodes(codes: string[]): Promise<FlagSettingsRecord> {
    return { disabled_flag_codes: codes, updated_at: await this.write('disabled_flag_codes', codes) };
  }

  /** The workspace webhook signing secret, created on first use (the first writer wins, in any process). */
  async webhookSecret(): Promise<string> {
    const stored = await this.read<string>('webhook_secret');
    if (stored) return stored.value;
    await this.sql.run('INSERT INTO settings (key, value, updated_at) VALUES (?, ?, ?) ON CONFLICT(key) DO NOTHING', [
      'webhook_secret',
      JSON.stringify(newWebhookSecret()),
      nowIso(),
    ]);
    return (await this.read<string>('webhook_secret'))!.value;
  }
}
