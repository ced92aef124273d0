/**
 * Family H: hostile and deceptive PDFs, built by our own code from the published descriptions of
 * the attack classes (parser confusion, shadow and incremental-saving attacks on signed files,
 * decompression and resource bombs). Each deceptive class has a genuine twin: the same trick of
 * syntax with nothing a reader would see differently, which must stay clear.
 */
import type { Technique } from './types.js';
import { BOMBS_H } from './hostile/bombs.js';
import { CONFUSION_H } from './hostile/confusion.js';
import { SIGNING_H } from './hostile/signing.js';

export const FAMILY_H: Technique[] = [...CONFUSION_H, ...SIGNING_H, ...BOMBS_H];
