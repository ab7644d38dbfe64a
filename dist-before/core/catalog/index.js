/** The public surface of core/catalog/ (STYLE.md, principle 6): what is not listed here is free to change. */
export { CATALOG_KINDS, Catalog, } from './catalog.js';
export { CursorSealer, paginate } from './cursor.js';
export { DEFAULT_MAX_NAME_LENGTH, DEFAULT_SEPARATOR, exposeName, MAX_NAME_LENGTH, MIN_MAX_LENGTH, matchesFilter, NAME_PATTERN, shortHash, } from './naming.js';
export { overriddenItem, } from './overrides.js';
export { ToolIndex, tokenize, toolIndexOf, } from './search/index.js';
export { servesToolTasks, TaskIds, withoutTaskOnlyTools } from './tasks.js';
export { compileUriTemplate } from './uriTemplate.js';
//# sourceMappingURL=index.js.map