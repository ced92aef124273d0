/**
 * Rule conditions are CEL expressions (DECISIONS "Rule conditions"), compiled with a maintained
 * CEL library. Variables: document, extracted, flags, flag_codes, risk_score, mode, text.
 */
import { Environment } from '@marcbachmann/cel-js';

const env = new Environment({ homogeneousAggregateLiterals: false })
  .registerVariable('document', 'map')
  .registerVariable('extracted', 'map')
  .registerVariable('flags', 'list')
  .registerVariable('flag_codes', 'list')
  .registerVariable('risk_score', 'int')
  .registerVariable('mode', 'string')
  .registerVariable('text', 'string');

export const CONDITION_VARIABLES = ['document', 'extracted', 'flags', 'flag_codes', 'risk_score', 'mode', 'text'] as const;

export interface ConditionContext {
  document: Record<string, unknown>;
  extracted: Record<string, unknown>;
  flags: unknown[];
  flag_codes: string[];
  risk_score: number;
  mode: string;
  text: string;
}

export type CompileResult = { ok: true; evaluate: (ctx: ConditionContext) => boolean } | { ok: false; message: string };

/** CEL integers are BigInt; JS integers in the context are converted so `risk_score > 50` works. */
function toCel(value: unknown): unknown {
  if (typeof value === 'number') return Number.isInteger(value) ? BigInt(value) : value;
  if (Array.isArray(value)) return value.map(toCel);
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = toCel(v);
    return out;
  }
  return value;
}

function firstLine(message: string): string {
  return message.split('\n')[0]?.trim() || message;
}

interface AstNode {
  op: string;
  args: unknown;
}

const isNode = (value: unknown): value is AstNode => typeof value === 'object' && value !== null && 'op' in value && 'args' in value;

/**
 * The first `x.matches("literal")` whose pattern the evaluator's RegExp refuses. The CEL
 * library compiles a pattern only when `matches` runs, so without this an invalid literal would
 * pass the write and fail on every check scored. Patterns built at run time cannot be known here.
 */
function invalidRegexLiteral(node: unknown): string | null {
  if (Array.isArray(node)) {
    for (const item of node) {
      const found = invalidRegexLiteral(item);
      if (found) return found;
    }
    return null;
  }
  if (!isNode(node)) return null;
  if (node.op === 'rcall' && Array.isArray(node.args) && node.args[0] === 'matches') {
    const [pattern] = (node.args[2] ?? []) as unknown[];
    if (isNode(pattern) && pattern.op === 'value' && typeof pattern.args === 'string') {
      try {
        new RegExp(pattern.args);
      } catch (err) {
        return `invalid regular expression in matches(): ${(err as Error).message}`;
      }
    }
  }
  return invalidRegexLiteral(node.args);
}

/** Compile a condition; the message of a failure is the compiler's own, for the 400 response. */
export function compileCondition(source: string): CompileResult {
  if (source.trim() === '') return { ok: false, message: 'condition is empty' };
  let program: ((ctx: Record<string, unknown>) => unknown) & { ast?: unknown };
  try {
    program = env.parse(source) as unknown as ((ctx: Record<string, unknown>) => unknown) & { ast?: unknown };
    const checked = env.check(source);
    if (!checked.valid) return { ok: false, message: firstLine(checked.error?.message ?? 'type error') };
    if (checked.type !== 'bool' && checked.type !== 'dyn') {
      return { ok: false, message: `condition must evaluate to bool, not ${checked.type}` };
    }
  } catch (err) {
    return { ok: false, message: firstLine((err as Error).message) };
  }
  const badRegex = invalidRegexLiteral(program.ast);
  if (badRegex) return { ok: false, message: badRegex };
  return {
    ok: true,
    evaluate(ctx) {
      const result = program(toCel(ctx) as Record<string, unknown>);
      return result === true;
    },
  };
}
