/**
 * Image and OCR libraries, loaded on first use. A digital PDF needs none of them, and loading
 * them is a fifth of the engine's start-up (sharp's native binding, exifr, tesseract.js): the
 * time before `veracity check` prints its first verdict. Each loads once per thread.
 */
import type Sharp from 'sharp';
import type Exifr from 'exifr';

export type SharpFn = typeof Sharp;
export type ExifrLib = typeof Exifr;
export type TesseractLib = typeof import('tesseract.js');

let sharp: Promise<SharpFn> | undefined;
let exifr: Promise<ExifrLib> | undefined;
let tesseract: Promise<TesseractLib> | undefined;

export function loadSharp(): Promise<SharpFn> {
  return (sharp ??= import('sharp').then(({ default: s }) => {
    // The engine decodes each image once; libvips' operation cache would only hold memory.
    s.cache(false);
    return s;
  }));
}

export function loadExifr(): Promise<ExifrLib> {
  return (exifr ??= import('exifr').then((m) => m.default));
}

export function loadTesseract(): Promise<TesseractLib> {
  return (tesseract ??= import('tesseract.js'));
}
