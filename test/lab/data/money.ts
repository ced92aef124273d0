/**
 * Money as integer minor units (cents) so that running balances add up exactly, formatted the
 * way each country prints amounts. Only characters every standard PDF font can encode are used.
 */
import type { Country } from './people.js';

export type Currency = 'GBP' | 'EUR' | 'USD';

export const CURRENCY_SYMBOL: Record<Currency, string> = { GBP: '£', EUR: '€', USD: '$' };

function group(intPart: string, sep: string): string {
  return intPart.replace(/\B(?=(\d{3})+(?!\d))/g, sep);
}

/** 123456 -> "1,234.56" (GB/IE/US), "1.234,56" (DE), "1 234,56" (FR). */
export function formatAmount(cents: number, country: Country): string {
  const neg = cents < 0;
  const abs = Math.abs(cents);
  const intPart = String(Math.floor(abs / 100));
  const frac = String(abs % 100).padStart(2, '0');
  let s: string;
  if (country === 'DE') s = `${group(intPart, '.')},${frac}`;
  else if (country === 'FR') s = `${group(intPart, ' ')},${frac}`;
  else s = `${group(intPart, ',')}.${frac}`;
  return neg ? `-${s}` : s;
}

/** With the currency symbol where that country puts it. */
export function formatMoney(cents: number, currency: Currency, country: Country): string {
  const amount = formatAmount(cents, country);
  const sym = CURRENCY_SYMBOL[currency];
  if (country === 'DE' || country === 'FR') return `${amount} ${sym}`;
  return cents < 0 ? `-${sym}${amount.slice(1)}` : `${sym}${amount}`;
}

/** Rounds half away from zero, as invoicing systems do for tax. */
export function percentOf(cents: number, ratePercent: number): number {
  return Math.sign(cents) * Math.round((Math.abs(cents) * ratePercent) / 100);
}
