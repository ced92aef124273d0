import { MIME_TYPES } from '../api/contract.js';

/** What the inbox accepts from a drop or a picker: PDF, PNG, JPEG (the service sniffs bytes again). */
const EXT = /\.(pdf|png|jpe?g)$/i;
const MIME: ReadonlySet<string> = new Set(MIME_TYPES);

export function isSupportedFile(file: { name: string; type: string }): boolean {
  return MIME.has(file.type) || EXT.test(file.name);
}

interface EntryLike {
  isFile: boolean;
  isDirectory: boolean;
  name: string;
  file?(ok: (f: File) => void, fail: (e: unknown) => void): void;
  createReader?(): { readEntries(ok: (entries: EntryLike[]) => void, fail: (e: unknown) => void): void };
}

async function readDirectory(entry: EntryLike): Promise<EntryLike[]> {
  const reader = entry.createReader!();
  const all: EntryLike[] = [];
  // readEntries returns batches (about 100 at a time in Chromium) until an empty batch.
  for (;;) {
    const batch = await new Promise<EntryLike[]>((ok, fail) => reader.readEntries(ok, fail));
    if (batch.length === 0) return all;
    all.push(...batch);
  }
}

/** What a drop or a pick gave: the files to check, and the names of those left out. */
export interface Picked {
  files: File[];
  /** Unsupported files, by path within the dropped folder where there is one. */
  skipped: string[];
}

/** Splits picked files into those the service can check and the names of the rest. */
export function pickSupported(files: readonly File[]): Picked {
  const out: Picked = { files: [], skipped: [] };
  for (const f of files) {
    if (isSupportedFile(f)) out.files.push(f);
    else out.skipped.push(f.webkitRelativePath || f.name);
  }
  return out;
}

async function walk(entry: EntryLike, path: string, out: Picked): Promise<void> {
  if (entry.isFile && entry.file) {
    const file = await new Promise<File>((ok, fail) => entry.file!(ok, fail));
    if (isSupportedFile(file)) out.files.push(file);
    else out.skipped.push(path);
  } else if (entry.isDirectory) {
    for (const child of await readDirectory(entry)) await walk(child, `${path}/${child.name}`, out);
  }
}

/** Files of a drop, descending into dropped folders; unsupported files are named as skipped. */
export async function filesFromDrop(dt: DataTransfer): Promise<Picked> {
  const entries = [...dt.items]
    .map((item) => (item.kind === 'file' ? (item.webkitGetAsEntry?.() as EntryLike | null) : null))
    .filter((e): e is EntryLike => e !== null);
  if (entries.length === 0) return pickSupported([...dt.files]);
  const out: Picked = { files: [], skipped: [] };
  for (const entry of entries) await walk(entry, entry.name, out);
  return out;
}
