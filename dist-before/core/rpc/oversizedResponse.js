/**
 * Which of our requests an oversized, discarded message answered. The
 * framer keeps the first and last bytes of a message it discards (`FrameError.head/tail`);
 * our request ids are integers, and a response carries its id either first (`{"jsonrpc":
 * "2.0","id":7,"result":…`) or last (`…,"jsonrpc":"2.0","id":7}`, the SDKs' order). A message
 * whose head names a `method` is a request or notification of the peer, never matched.
 * Undefined when it cannot be told: the request then waits for its timeout as before.
 */
const ID_FIRST = /^\s*\{\s*(?:"jsonrpc"\s*:\s*"2\.0"\s*,\s*)?"id"\s*:\s*(\d{1,15})\s*,\s*"(?:result|error)"\s*:/;
const ID_LAST = /[,{]\s*"id"\s*:\s*(\d{1,15})\s*\}\s*$/;
const HAS_METHOD = /"method"\s*:/;
const HAS_OUTCOME = /"(?:result|error)"\s*:/;
export function oversizedResponseId(head, tail) {
    if (head === undefined)
        return undefined;
    const first = ID_FIRST.exec(head);
    if (first)
        return Number(first[1]);
    if (tail === undefined || HAS_METHOD.test(head) || !HAS_OUTCOME.test(head))
        return undefined;
    const last = ID_LAST.exec(tail);
    return last ? Number(last[1]) : undefined;
}
//# sourceMappingURL=oversizedResponse.js.map