/**
 * A throwaway PostgreSQL cluster for the team-server tests (issue 13): Debian's `initdb` in a
 * temp folder, `pg_ctl start` on a unix socket in that folder (no TCP port), run as an
 * unprivileged user when the tests run as root (PostgreSQL refuses to run as root). Each test
 * service gets a database of its own. When initdb/pg_ctl are absent, `startPostgres` returns null
 * and the PostgreSQL run prints one line saying so.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';

export interface PgCluster {
  /** The admin connection URL (database `postgres`). */
  url: string;
  /** A URL for database `name` on this cluster. */
  urlFor(name: string): string;
  stop(): void;
}

/** initdb and pg_ctl: on PATH, else Debian's /usr/lib/postgresql/<version>/bin (newest first). */
export function findPgBin(): string | null {
  const dirs = (process.env.PATH ?? '').split(delimiter);
  const base = '/usr/lib/postgresql';
  if (existsSync(base)) {
    for (const v of readdirSync(base).sort((a, b) => Number(b) - Number(a))) dirs.push(join(base, v, 'bin'));
  }
  for (const dir of dirs) if (dir && existsSync(join(dir, 'initdb')) && existsSync(join(dir, 'pg_ctl'))) return dir;
  return null;
}

function unprivilegedUser(): { uid: number; gid: number; name: string } | null {
  if (process.getuid?.() !== 0) return null;
  const id = (flag: string) => Number(execFileSync('id', [flag, 'nobody'], { encoding: 'utf8' }).trim());
  return { uid: id('-u'), gid: id('-g'), name: 'nobody' };
}

export function startPostgres(): PgCluster | null {
  const bin = findPgBin();
  if (!bin) return null;
  const root = mkdtempSync(join(tmpdir(), 'veracity-pg-'));
  const data = join(root, 'data');
  const user = unprivilegedUser();
  if (user) {
    chownSync(root, user.uid, user.gid);
    chmodSync(root, 0o700);
  }
  const run = (cmd: string, args: string[]) => {
    const [file, argv] = user ? ['runuser', ['-u', user.name, '--', join(bin, cmd), ...args]] : [join(bin, cmd), args];
    const r = spawnSync(file, argv, { encoding: 'utf8', cwd: root });
    if (r.status !== 0) throw new Error(`${cmd} failed (${r.status}): ${r.stderr || r.stdout}`);
  };
  run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8', '--no-sync']);
  // Socket only, in the cluster's own folder; fsync off: a test cluster need not survive a power cut.
  const port = 5432;
  run('pg_ctl', ['-D', data, '-l', join(root, 'log'), '-w', '-o', `-k ${root} -c listen_addresses= -p ${port} -c fsync=off -c max_connections=300`, 'start']);
  const urlFor = (name: string) => `postgresql://postgres@/${name}?host=${encodeURIComponent(root)}&port=${port}`;
  return {
    url: urlFor('postgres'),
    urlFor,
    stop() {
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } finally {
        rmSync(root, { recursive: true, force: true });
      }
    },
  };
}
