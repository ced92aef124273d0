/** Veracity-Signature: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` (DECISIONS "Webhooks"). */
import { createHmac, timingSafeEqual } from 'node:crypto';

export function signPayload(secret: string, timestamp: number, body: string): string {
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${body}`, 'utf8').digest('hex');
  return `t=${timestamp},v1=${v1}`;
}

/** Verifies a signature header as a receiver would; `toleranceSec` bounds replay of old deliveries. */
export function verifySignature(secret: string, header: string, body: string, toleranceSec = 300, nowSec = Math.floor(Date.now() / 1000)): boolean {
  const parts = new Map(header.split(',').map((p) => p.split('=', 2) as [string, string]));
  const t = Number(parts.get('t'));
  const v1 = parts.get('v1');
  if (!Number.isInteger(t) || !v1 || Math.abs(nowSec - t) > toleranceSec) return false;
  const expected = Buffer.from(signPayload(secret, t, body).split('v1=')[1], 'hex');
  const given = Buffer.from(v1, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
