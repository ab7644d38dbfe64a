/**
 * Duplicate keys in a JSON text. `JSON.parse` silently keeps the last value of a duplicated
 * key; a config with two servers of the same name is almost always a mistake, so mcp-mux
 * warns naming them. This is a small scanner over text JSON.parse has already accepted.
 */
import { child, item } from './configSchema.js';
/** The JSON paths of every key that appears twice in the same object, in text order. */
export function duplicateKeys(text) {
    const found = [];
    let at = 0;
    const space = () => {
        while (at < text.length && /\s/.test(text[at] ?? ''))
            at++;
    };
    const string = () => {
        const start = at;
        at++; // opening quote
        while (at < text.length && text[at] !== '"')
            at += text[at] === '\\' ? 2 : 1;
        at++; // closing quote
        return JSON.parse(text.slice(start, at));
    };
    const value = (path) => {
        space();
        const c = text[at];
        if (c === '{') {
            at++;
            const seen = new Set();
            space();
            while (text[at] !== '}' && at < text.length) {
                space();
                const key = string();
                if (seen.has(key))
                    found.push(child(path, key));
                seen.add(key);
                space();
                at++; // colon
                value(child(path, key));
                space();
                if (text[at] === ',')
                    at++;
                space();
            }
            at++;
        }
        else if (c === '[') {
            at++;
            let index = 0;
            space();
            while (text[at] !== ']' && at < text.length) {
                value(item(path, index++));
                space();
                if (text[at] === ',')
                    at++;
                space();
            }
            at++;
        }
        else if (c === '"') {
            string();
        }
        else {
            while (at < text.length && !/[\s,\]}]/.test(text[at] ?? ''))
                at++;
        }
    };
    value('');
    return found;
}
//# sourceMappingURL=duplicateKeys.js.map