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

/** Compile a condition; the message of a failure is the compiler's own, for the 400 response. */
export function compileCondition(source: string): CompileResult {
  if (source.trim() === '') return { ok: false, message: 'condition is empty' };
  let program: (ctx: Record<string, unknown>) => unknown;
  try {
    program = env.parse(source) as unknown as (ctx: Record<string, unknown>) => unknown;
    const checked = env.check(source);
    if (!checked.valid) return { ok: false, message: firstLine(checked.error?.message ?? 'type error') };
    if (checked.type !== 'bool' && checked.type !== 'dyn') {
      return { ok: false, message: `condition must evaluate to bool, not ${checked.type}` };
    }
  } catch (err) {
    return { ok: false, message: firstLine((err as Error).message) };
  }
  return {
    ok: true,
    evaluate(ctx) {
      const result = program(toCel(ctx) as Record<string, unknown>);
      return result === true;
    },
  };
}
