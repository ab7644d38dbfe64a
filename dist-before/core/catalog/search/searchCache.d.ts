/**
 * One `ToolIndex` per catalog, rebuilt when the catalog's tools change (`versionOf('tools')`)
 * and only when searched: a catalog nobody searches costs nothing. Access rules are applied
 * per query (`SearchOptions.accept`), so one index serves every principal.
 */
import type { Catalog } from '../catalog.js';
import { ToolIndex } from './toolIndex.js';
export declare function toolIndexOf(catalog: Catalog): ToolIndex;
