/** Tool search over the catalog (core/catalog/README.md, "Search"). */
export { toolIndexOf } from './searchCache.js';
export { stem, tokenize } from './tokenize.js';
export { type SearchableTool, type SearchOptions, type ToolHit, ToolIndex } from './toolIndex.js';
