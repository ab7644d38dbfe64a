/**
 * Whether a routed call's result is an `input_required` interim result (2026-07-28, mrtr):
 * what the bridge answers with rounds (inputRounds.ts) and learns tools' needs from
 * (learnedNeeds.ts).
 */
import { type JsonObject, RawJson } from '../../core/rpc/index.js';

/**
 * `result` when it is an `input_required` interim result. A raw result (forwarded as text,
 * core/rpc/envelopeScan.ts) is parsed only when its text can hold one.
 */
export function interimOf(result: JsonObject): JsonObject | undefined {
  const value: unknown = result;
  if (value instanceof RawJson) {
    if (!value.text.includes('"input_required"')) return undefined;
    const parsed = value.value() as JsonObject;
    return parsed.resultType === 'input_required' ? parsed : undefined;
  }
  return result.resultType === 'input_required' ? result : undefined;
}
