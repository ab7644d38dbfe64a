/**
 * The words of a tool's name, description or parameters, and of a search query: split at `_`,
 * `-`, `.`, `/`, spaces, camelCase and letter/digit boundaries; lowercased; stop words dropped;
 * lightly stemmed (plural "s"/"es"/"ies", "ing", "ed"), the same for documents and queries so
 * "listing issues" meets `list_issue`. Pure and deterministic.
 */
/** The search terms of a text, in order (duplicates kept: term frequency counts). */
export declare function tokenize(text: string): string[];
/**
 * A light suffix stripper (no dictionary): enough to meet singular and plural, "-ing" and
 * "-ed" forms of the same verb ("create", "creates", "created", "creating" → "creat"). Words
 * of three letters or fewer are left alone ("is", "ids", "bus").
 */
export declare function stem(word: string): string;
