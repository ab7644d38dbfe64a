/**
 * The words of a tool's name, description or parameters, and of a search query: split at `_`,
 * `-`, `.`, `/`, spaces, camelCase and letter/digit boundaries; lowercased; stop words dropped;
 * lightly stemmed (plural "s"/"es"/"ies", "ing", "ed"), the same for documents and queries so
 * "listing issues" meets `list_issue`. Pure and deterministic.
 */
/** Words that say nothing about which tool a task needs. */
const STOP_WORDS = new Set(('a an and are as at be by can could do does for from get has have how i if in into is it ' +
    'its me my of on or our please should so that the their them then there these this to ' +
    'use using want was we what when which while will with would you your all any some').split(' '));
/** camelCase, ALLCapsWord and letter/digit boundaries become spaces. */
const BOUNDARIES = [
    [/([a-z])([A-Z])/g, '$1 $2'],
    [/([A-Z]+)([A-Z][a-z])/g, '$1 $2'],
    [/([A-Za-z])([0-9])/g, '$1 $2'],
    [/([0-9])([A-Za-z])/g, '$1 $2'],
];
const SEPARATORS = /[^a-z0-9]+/;
/** The search terms of a text, in order (duplicates kept: term frequency counts). */
export function tokenize(text) {
    let spaced = text;
    for (const [pattern, replacement] of BOUNDARIES)
        spaced = spaced.replace(pattern, replacement);
    const terms = [];
    for (const word of spaced.toLowerCase().split(SEPARATORS)) {
        if (word === '' || STOP_WORDS.has(word))
            continue;
        terms.push(stem(word));
    }
    return terms;
}
/**
 * A light suffix stripper (no dictionary): enough to meet singular and plural, "-ing" and
 * "-ed" forms of the same verb ("create", "creates", "created", "creating" → "creat"). Words
 * of three letters or fewer are left alone ("is", "ids", "bus").
 */
export function stem(word) {
    if (word.length <= 3)
        return word;
    let base = word;
    if (base.endsWith('ies') && base.length > 4)
        base = `${base.slice(0, -3)}y`;
    else if (base.endsWith('ing') && base.length > 5)
        base = undouble(base.slice(0, -3));
    else if (base.endsWith('ed') && base.length > 4)
        base = undouble(base.slice(0, -2));
    else if (/(?:ch|sh|ss|x|z)es$/.test(base))
        base = base.slice(0, -2);
    else if (base.endsWith('s') && !base.endsWith('ss') && !base.endsWith('us')) {
        base = base.slice(0, -1);
    }
    return base.length >= 4 && base.endsWith('e') ? base.slice(0, -1) : base;
}
/** "running" → "run", "mapped" → "map"; not "added", "called", "passed" (kept doubled). */
function undouble(base) {
    const n = base.length;
    const last = base[n - 1];
    if (n >= 3 && last === base[n - 2] && !'aeioudlsfz'.includes(last))
        return base.slice(0, -1);
    return base;
}
//# sourceMappingURL=tokenize.js.map