/**
 * The text the user reads when asked to approve a call: the tool (exposed name), its upstream
 * and its arguments as JSON, with the values of keys matching `approveRedact` (at any depth)
 * shown as `[redacted]`, and cut at 2,000 characters.
 */
import { redactKeys } from '../../core/observe/index.js';
import { RawJson } from '../../core/rpc/index.js';
/** The longest arguments text shown. */
export const MAX_SHOWN = 2_000;
export function approvalMessage(call, redact) {
    const given = call.params.arguments;
    const args = given instanceof RawJson ? given.value() : (given ?? {});
    const shown = JSON.stringify(redact?.length ? redactKeys(args, redact) : args) ?? '{}';
    const text = shown.length > MAX_SHOWN ? `${shown.slice(0, MAX_SHOWN)}… (cut)` : shown;
    return `Allow the tool ${call.exposed} of the server ${call.upstream} to run with these arguments?\n${text}`;
}
//# sourceMappingURL=approvalMessage.js.map