/** "Open with Veracity" for PDF/PNG/JPG: find documents in argv and submit them to the service. */
import { basename } from 'node:path';

const DOCUMENT = /\.(pdf|png|jpe?g)$/i;

/** Paths in an argv that name documents; flags and the executable/app path are skipped. */
export function documentsInArgv(argv: readonly string[], isFile: (path: string) => boolean): string[] {
  return argv.slice(1).filter((arg) => !arg.startsWith('-') && DOCUMENT.test(arg) && isFile(arg));
}

const MIME: Record<string, string> = { pdf: 'application/pdf', png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg' };

export interface SubmitDeps {
  readFile(path: string): Promise<Uint8Array>;
  fetch: typeof fetch;
}

/** POST the file as a v1 submission; resolves to the new check id. */
export async function submitDocument(serviceUrl: string, key: string, path: string, deps: SubmitDeps): Promise<string> {
  const bytes = await deps.readFile(path);
  const ext = path.split('.').pop()!.toLowerCase();
  const form = new FormData();
  form.set('file', new Blob([bytes as Uint8Array<ArrayBuffer>], { type: MIME[ext] ?? 'application/octet-stream' }), basename(path));
  const res = await deps.fetch(`${serviceUrl}/api/v1/document-checks/`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${key}` },
    body: form,
  });
  const body = (await res.json().catch(() => null)) as { id?: string; error?: { message?: string } } | null;
  if (res.status !== 201 || !body?.id) throw new Error(body?.error?.message ?? `submission failed with HTTP ${res.status}`);
  return body.id;
}
