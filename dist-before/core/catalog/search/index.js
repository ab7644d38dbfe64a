/** Tool search over the catalog (core/catalog/README.md, "Search"). */
export { toolIndexOf } from './searchCache.js';
export { stem, tokenize } from './tokenize.js';
export { ToolIndex } from './toolIndex.js';
//# sourceMappingURL=index.js.map