/**
 * One `ToolIndex` per catalog, rebuilt when the catalog's tools change (`versionOf('tools')`)
 * and only when searched: a catalog nobody searches costs nothing. Access rules are applied
 * per query (`SearchOptions.accept`), so one index serves every principal.
 */
import type { Catalog } from '../catalog.js';
import { type SearchableTool, ToolIndex } from './toolIndex.js';

const cache = new WeakMap<Catalog, { version: number; index: ToolIndex }>();

export function toolIndexOf(catalog: Catalog): ToolIndex {
  const version = catalog.versionOf('tools');
  const cached = cache.get(catalog);
  if (cached && cached.version === version) return cached.index;
  const list = catalog.list('tools');
  const entries = catalog.entries('tools');
  const tools: SearchableTool[] = entries.map((entry, i) => ({
    exposed: entry.exposed,
    upstream: entry.upstream,
    // The name the tool goes by (an override's rename, else the upstream's own).
    original: entry.name,
    tool: list[i] as Record<string, unknown>,
  }));
  const index = new ToolIndex(tools);
  cache.set(catalog, { version, index });
  return index;
}
