/**
 * vitest globalSetup of the PostgreSQL run (vitest.config.ts, project `api-postgres`): one
 * cluster for the whole run; test services create their own databases in it (test/service/helpers.ts).
 */
import type { TestProject } from 'vitest/node';
import { startPostgres } from './postgres.js';

export default function setup(project: TestProject): () => void {
  // vitest.config.ts adds this project only when initdb/pg_ctl were found.
  const cluster = startPostgres();
  if (!cluster) throw new Error('initdb/pg_ctl not found');
  project.provide('pgUrl', cluster.url);
  return () => cluster.stop();
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgUrl: string;
  }
}
