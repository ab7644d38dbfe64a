/**
 * Query expansion: a query word also looks for the few words tools commonly use for the same
 * thing ("remove" → "delete", "repo" → "repository"), at half weight so an exact word still
 * ranks first. Small and hand-kept: abbreviations and verbs of the tools' own vocabulary.
 */
import { stem } from './tokenize.js';
const GROUPS = [
    'delete remove erase drop destroy',
    'create make add new insert',
    'search find lookup query locate',
    'get fetch retrieve read show view',
    'list enumerate',
    'update edit modify change patch set',
    'repository repo',
    'directory dir folder',
    'database db',
    'message msg',
    'kubernetes k8s kube',
    'pull pr merge',
    'document doc',
    'configuration config setting',
    'screenshot capture',
    'navigate open visit goto',
    'run execute exec invoke start',
    'stop kill terminate',
    'comment reply',
    'file document',
    'web internet online',
];
/** Stemmed word → the stemmed words of its groups. */
const RELATED = new Map();
for (const group of GROUPS) {
    const words = group.split(' ').map(stem);
    for (const word of words) {
        const related = RELATED.get(word) ?? new Set();
        RELATED.set(word, related);
        for (const other of words)
            if (other !== word)
                related.add(other);
    }
}
const RELATED_WEIGHT = 0.5;
/** Each distinct query term with weight 1, plus its related words at half weight. */
export function expandQuery(terms) {
    const out = new Map();
    for (const term of terms)
        out.set(term, 1);
    for (const term of terms) {
        for (const related of RELATED.get(term) ?? []) {
            if (!out.has(related))
                out.set(related, RELATED_WEIGHT);
        }
    }
    return out;
}
//# sourceMappingURL=synonyms.js.map