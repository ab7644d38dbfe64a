/** The public surface of core/catalog/ (STYLE.md, principle 6): what is not listed here is free to change. */
export { CATALOG_KINDS, Catalog, type CatalogKind, type CatalogUpstream, type Collision, type Resolved, } from './catalog.js';
export { type CursorPosition, CursorSealer, type PageRequest, paginate } from './cursor.js';
export { DEFAULT_MAX_NAME_LENGTH, DEFAULT_SEPARATOR, exposeName, MAX_NAME_LENGTH, MIN_MAX_LENGTH, matchesFilter, NAME_PATTERN, type NameFilter, type NamingOptions, shortHash, } from './naming.js';
export { type ItemOverride, type ItemOverrides, overriddenItem, type ToolAnnotationsOverride, } from './overrides.js';
export { type SearchableTool, type SearchOptions, type ToolHit, ToolIndex, tokenize, toolIndexOf, } from './search/index.js';
export { servesToolTasks, TaskIds, withoutTaskOnlyTools } from './tasks.js';
export { compileUriTemplate } from './uriTemplate.js';
