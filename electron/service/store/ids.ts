/** Random identifiers and secrets: base62 from a CSPRNG, rejection-sampled so every char is uniform. */
import { randomBytes } from 'node:crypto';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

export function randomBase62(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      // 248 = 4 * 62: bytes above it would bias the first characters.
      if (byte < 248) out += BASE62[byte % 62];
      if (out.length === length) break;
    }
  }
  return out;
}

export const newCheckId = () => `dc_${randomBase62(24)}`;
export const newRuleId = () => `rule_${randomBase62(24)}`;
export const newKeyId = () => `key_${randomBase62(16)}`;
export const newApiKey = () => `vk_live_${randomBase62(32)}`;
export const newWebhookSecret = () => `whsec_${randomBase62(32)}`;

export const API_KEY_PATTERN = /^vk_live_[0-9A-Za-z]{32}$/;

export function nowIso(): string {
  return new Date().toISOString();
}
