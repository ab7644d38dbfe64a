/** The JSON paths of every key that appears twice in the same object, in text order. */
export declare function duplicateKeys(text: string): string[];
