/**
 * Where to cut a string so that a byte budget holds and no character is split: never between
 * the two halves of a surrogate pair (an emoji), never inside a multi-byte UTF-8 sequence
 * (a string index always falls between whole code points' bytes).
 */
/** The end index of the longest prefix of `text` from `start` of at most `maxBytes` UTF-8 bytes. */
export declare function utf8End(text: string, start: number, maxBytes: number): number;
/**
 * The longest prefix of `text` whose JSON string body (escapes included, quotes not) takes at
 * most `maxBytes` UTF-8 bytes.
 */
export declare function jsonTextPrefix(text: string, maxBytes: number): string;
