/**
 * `service.json` in the data folder (DECISIONS "Beyond v1"): how local tools find the running
 * service, whose port may have moved off 8410. Written once the service listens, removed when it
 * stops; a file left by a process that died is recognised by its pid and ignored.
 */
import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';

export const SERVICE_FILE = 'service.json';

export const ServiceInfoSchema = z.object({
  url: z.string().url(),
  pid: z.number().int().positive(),
  version: z.string(),
  started_at: z.string(),
});
export type ServiceInfo = z.infer<typeof ServiceInfoSchema>;

export function writeServiceFile(dataDir: string, info: ServiceInfo): () => void {
  const file = join(dataDir, SERVICE_FILE);
  // Written aside and renamed: a reader never sees half a file.
  const temp = `${file}.${process.pid}.tmp`;
  writeFileSync(temp, `${JSON.stringify(info, null, 2)}\n`);
  renameSync(temp, file);
  return () => {
    try {
      const current = ServiceInfoSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
      // Another service may have taken the folder over after a crash of ours: leave its file.
      if (current.success && current.data.pid !== info.pid) return;
    } catch {
      // unreadable or gone: remove whatever is there
    }
    rmSync(file, { force: true });
  };
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The running service of a data folder, or null (no file, unreadable, or its process is gone). */
export function readServiceFile(dataDir: string): ServiceInfo | null {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(join(dataDir, SERVICE_FILE), 'utf8'));
  } catch {
    return null;
  }
  const parsed = ServiceInfoSchema.safeParse(raw);
  if (!parsed.success || !alive(parsed.data.pid)) return null;
  return parsed.data;
}
