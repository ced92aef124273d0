/** Option parsers shared by the commands. */
import { InvalidArgumentError } from 'commander';

export function nonNegativeInt(name: string) {
  return (value: string): number => {
    if (!/^\d+$/.test(value)) throw new InvalidArgumentError(`${name} must be a whole number.`);
    return Number(value);
  };
}

export function positiveInt(name: string) {
  return (value: string): number => {
    const n = nonNegativeInt(name)(value);
    if (n < 1) throw new InvalidArgumentError(`${name} must be at least 1.`);
    return n;
  };
}

/** A TCP port: 0 (pick a free one) to 65535. */
export function port(name: string) {
  return (value: string): number => {
    const n = nonNegativeInt(name)(value);
    if (n > 65535) throw new InvalidArgumentError(`${name} must be between 0 and 65535 (0 picks a free port).`);
    return n;
  };
}

export const DATABASE_HELP = "a team server's database, postgresql://user@host/db (default: SQLite in the data folder)";

/** A --database value: a postgresql:// URL. */
export function databaseUrl(value: string): string {
  if (!/^postgres(ql)?:\/\//i.test(value)) throw new InvalidArgumentError('--database must be a postgresql:// URL.');
  return value;
}

export const DATA_DIR_HELP = 'workspace data folder (default: $VERACITY_DATA_DIR, else the per-user app-data folder)';
