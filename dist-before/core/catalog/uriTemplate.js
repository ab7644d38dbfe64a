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
const VARSPEC = /^(?:[A-Za-z0-9_]|%[0-9A-Fa-f]{2})(?:\.?(?:[A-Za-z0-9_]|%[0-9A-Fa-f]{2}))*(?::[1-9]\d{0,3}|\*)?$/;
const OPERATORS = new Set(['+', '#', '.', '/', ';', '?', '&']);
const escapeLiteral = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
function expression(body) {
    const first = body.charAt(0);
    const operator = OPERATORS.has(first) ? first : '';
    const specs = (operator ? body.slice(1) : body).split(',');
    if (!specs.every((spec) => VARSPEC.test(spec)))
        return undefined;
    const each = (part) => specs.map((spec) => `(?:${part})${spec.endsWith('*') ? '*' : '?'}`).join('');
    switch (operator) {
        case '':
            return '[^/?#]+';
        case '+':
            return '.*?';
        case '#':
            return '(?:#.*)?';
        case '.':
            return each('\\.[^/?#.]*');
        case '/':
            return each('/[^/?#]*');
        case ';':
            return each(';[^/?#;]*');
        case '?':
            return '(?:\\?[^#]*)?';
        default:
            return '(?:&[^#]*)?';
    }
}
/** The anchored regular expression for `template`, or `undefined` when it is malformed. */
export function compileUriTemplate(template) {
    let source = '';
    let index = 0;
    while (index < template.length) {
        const open = template.indexOf('{', index);
        const literalEnd = open === -1 ? template.length : open;
        const literal = template.slice(index, literalEnd);
        if (literal.includes('}'))
            return undefined;
        source += escapeLiteral(literal);
        if (open === -1)
            break;
        const close = template.indexOf('}', open + 1);
        if (close === -1)
            return undefined;
        const body = template.slice(open + 1, close);
        if (body.includes('{'))
            return undefined;
        const part = expression(body);
        if (part === undefined)
            return undefined;
        source += part;
        index = close + 1;
    }
    return new RegExp(`^${source}$`, 's');
}
//# sourceMappingURL=uriTemplate.js.map