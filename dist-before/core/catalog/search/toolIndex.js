/**
 * A BM25F ranker over tools: each tool is a document with four fields (its name, its title and
 * description, its parameters, its upstream's name), weighted name > description > parameters
 * > upstream. Term frequencies are normalized per field, weighted and summed before the BM25
 * saturation (BM25F), so a word in the name outweighs the same word repeated in a long
 * description. Pure: built once from a list, then queried; ties keep list order.
 */
import { expandQuery } from './synonyms.js';
import { tokenize } from './tokenize.js';
const FIELDS = ['name', 'description', 'params', 'upstream'];
/** Field weights and length normalization (b); k1 is the usual saturation constant. */
const WEIGHT = { name: 3, description: 1, params: 0.6, upstream: 1.5 };
const B = { name: 0.3, description: 0.75, params: 0.5, upstream: 1.5 };
const K1 = 1.2;
export class ToolIndex {
    #tools;
    #postings = new Map();
    #byName = new Map();
    constructor(tools) {
        this.#tools = tools;
        for (const tool of tools)
            this.#byName.set(tool.exposed, tool);
        const docs = tools.map(fieldsOf);
        const average = {};
        for (const field of FIELDS) {
            const total = docs.reduce((sum, doc) => sum + doc[field].length, 0);
            average[field] = docs.length === 0 ? 1 : Math.max(total / docs.length, 1);
        }
        docs.forEach((doc, index) => {
            const weighted = new Map();
            for (const field of FIELDS) {
                const terms = doc[field];
                if (terms.length === 0)
                    continue;
                const norm = 1 - B[field] + (B[field] * terms.length) / average[field];
                const scale = WEIGHT[field] / norm;
                for (const term of terms)
                    weighted.set(term, (weighted.get(term) ?? 0) + scale);
            }
            for (const [term, tf] of weighted) {
                const list = this.#postings.get(term);
                if (list)
                    list.push({ doc: index, tf });
                else
                    this.#postings.set(term, [{ doc: index, tf }]);
            }
        });
    }
    get size() {
        return this.#tools.length;
    }
    /** The indexed tool with this exposed name. */
    get(exposed) {
        return this.#byName.get(exposed);
    }
    /** The best matches of a plain-words query, best first; no matching word → no hit. */
    search(query, options = {}) {
        const limit = options.limit ?? 10;
        const n = this.#tools.length;
        const scores = new Map();
        for (const [term, boost] of expandQuery(tokenize(query))) {
            const postings = this.#postings.get(term);
            if (!postings)
                continue;
            const idf = Math.log(1 + (n - postings.length + 0.5) / (postings.length + 0.5));
            for (const { doc, tf } of postings) {
                const gain = (boost * idf * tf * (K1 + 1)) / (K1 + tf);
                scores.set(doc, (scores.get(doc) ?? 0) + gain);
            }
        }
        const ranked = [...scores].sort((a, b) => b[1] - a[1] || a[0] - b[0]);
        const hits = [];
        for (const [doc, score] of ranked) {
            if (hits.length >= limit)
                break;
            const tool = this.#tools[doc];
            if (options.accept && !options.accept(tool))
                continue;
            hits.push({ ...tool, score });
        }
        return hits;
    }
}
function fieldsOf(entry) {
    const { tool } = entry;
    const text = (value) => (typeof value === 'string' ? value : '');
    const annotations = tool.annotations;
    const schema = tool.inputSchema;
    const properties = schema?.properties;
    const params = [];
    if (properties !== null && typeof properties === 'object') {
        for (const [name, property] of Object.entries(properties)) {
            params.push(name);
            const description = property?.description;
            if (typeof description === 'string')
                params.push(description);
        }
    }
    return {
        name: tokenize(entry.original),
        description: tokenize(`${text(tool.title)} ${text(annotations?.title)} ${text(tool.description)}`),
        params: tokenize(params.join(' ')),
        upstream: tokenize(entry.upstream),
    };
}
//# sourceMappingURL=toolIndex.js.map