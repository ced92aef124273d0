/** `veracity keys create|list|revoke`. */
import { InvalidArgumentError, type Command } from 'commander';
import { ROLES, isRole, type Role } from '../../service/store/keys.js';
import { formatTable } from '../table.js';
import { DATA_DIR_HELP, DATABASE_HELP, databaseUrl } from './options.js';
import { withStore } from './workspace.js';

function role(value: string): Role {
  if (!isRole(value)) throw new InvalidArgumentError(`role must be one of ${ROLES.join(', ')}.`);
  return value;
}

export function registerKeys(program: Command): void {
  const keys = program.command('keys').description('manage API keys of the workspace');

  keys
    .command('create')
    .description('create an API key; the key is printed once, alone on the last line')
    .requiredOption('--role <role>', `one of ${ROLES.join(', ')}`, role)
    .option('--name <name>', 'a label to recognise the key by', '')
    .option('--data-dir <dir>', DATA_DIR_HELP)
    .option('--database <url>', DATABASE_HELP, databaseUrl)
    .action(async (opts: { role: Role; name: string; dataDir?: string; database?: string }) => {
      await withStore(opts, async (store) => {
        const { key, record } = await store.keys.create(opts.role, opts.name, null, 'cli');
        process.stderr.write(`Created ${record.role} key ${record.id}${record.name ? ` (${record.name})` : ''}. Store it now: it is not shown again.\n`);
        process.stdout.write(`${key}\n`);
      });
    });

  keys
    .command('list')
    .description('list keys (never the keys themselves)')
    .option('--data-dir <dir>', DATA_DIR_HELP)
    .option('--database <url>', DATABASE_HELP, databaseUrl)
    .option('--json', 'print JSON')
    .action(async (opts: { dataDir?: string; database?: string; json?: boolean }) => {
      await withStore(opts, async (store) => {
        const list = await store.keys.list();
        if (opts.json) {
          process.stdout.write(`${JSON.stringify(list, null, 2)}\n`);
          return;
        }
        const rows = list.map((k) => [
          k.id,
          k.name,
          k.role,
          `${k.key_prefix}…`,
          k.created_at,
          k.last_used_at ?? '-',
          k.revoked_at ? `revoked ${k.revoked_at}` : 'active',
        ]);
        process.stdout.write(`${formatTable(['ID', 'NAME', 'ROLE', 'KEY', 'CREATED', 'LAST USED', 'STATUS'], rows)}\n`);
      });
    });

  keys
    .command('revoke')
    .description('revoke a key by its id (key_…)')
    .argument('<id>', 'key id, as shown by `veracity keys list`')
    .option('--data-dir <dir>', DATA_DIR_HELP)
    .option('--database <url>', DATABASE_HELP, databaseUrl)
    .action(async (id: string, opts: { dataDir?: string; database?: string }) => {
      await withStore(opts, async (store) => {
        if (!(await store.keys.get(id))) {
          process.stderr.write(`veracity: no key with id ${id}\n`);
          process.exitCode = 1;
          return;
        }
        if (await store.keys.revoke(id, null, 'cli')) process.stdout.write(`revoked ${id}\n`);
        else process.stdout.write(`${id} was already revoked\n`);
      });
    });
}
