/**
 * Matching a concrete URI against an RFC 6570 URI template, for routing only: the question is
 * "could this URI have been expanded from this template?", not "what are the variables?".
 *
 * Supported (levels 1–4), per expression:
 * - `{var}`, `{a,b}`, `{var:3}`      one or more characters other than `/ ? #`
 * - `{+var}`                          any characters, possibly none (lazy, so a following literal
 *                                     or `{?q}` still gets its part)
 * - `{#var}`                          optionally `#` and anything after it
 * - `{.var}` / `{/var}` / `{;var}`    per variable, optionally one `.x` / `/x` / `;x` part
 *                                     (`*` explode: any number of them)
 * - `{?a,b}` / `{&a}`                 optionally `?...` / `&...` up to a `#`
 * Literals match exactly (case-sensitive, no percent-decoding). A malformed template (unclosed
 * brace, bad operator or variable name) gets no matcher: it is never matched.
 */
/** The anchored regular expression for `template`, or `undefined` when it is malformed. */
export declare function compileUriTemplate(template: string): RegExp | undefined;
