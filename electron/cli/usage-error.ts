/**
 * A mistake in how the command was called (a bad option value, a file that does not exist): the
 * CLI prints its message alone, without a stack, and exits with 2, as for commander's own usage
 * errors. Other failures exit with 1.
 */
export class UsageError extends Error {
  override name = 'UsageError';
}

export const USAGE_EXIT_CODE = 2;
