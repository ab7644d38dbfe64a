/**
 * MCP Apps (the `io.modelcontextprotocol/ui` extension): a tool names the `ui://` resource that
 * holds its HTML app in `_meta.ui.resourceUri` (older servers: the flat `_meta["ui/resourceUri"]`),
 * and the host reads it with `resources/read`. This file is the one place that reads those keys,
 * validates what an upstream put there, and namespaces a `ui://` URI with the upstream's prefix
 * (core/catalog/README.md, "MCP Apps"). Pure.
 */

export const UI_SCHEME = 'ui://';

/** The flat, deprecated key (ext-apps `RESOURCE_URI_META_KEY`). */
export const FLAT_UI_KEY = 'ui/resourceUri';

/** Longest `ui://` URI taken from an upstream; longer ones are left alone and never routed. */
export const MAX_UI_URI_LENGTH = 2048;

type Item = Record<string, unknown>;

const isObject = (value: unknown): value is Item =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A `ui://` URI mcp-mux will namespace and route: a string, that scheme, bounded length. */
export function isUiUri(value: unknown): value is string {
  return (
    typeof value === 'string' &&
    value.length > UI_SCHEME.length &&
    value.length <= MAX_UI_URI_LENGTH &&
    value.startsWith(UI_SCHEME)
  );
}

/**
 * The URI the facade shows for an upstream's `ui://` URI: the prefix and separator go in front
 * of what follows the scheme (`ui://get-time/app.html` of prefix `basic` →
 * `ui://basic__get-time/app.html`), the tool-name rule applied to URIs. Prefix `""`: unchanged.
 */
export function exposeUiUri(prefix: string, separator: string, uri: string): string {
  return prefix === '' ? uri : `${UI_SCHEME}${prefix}${separator}${uri.slice(UI_SCHEME.length)}`;
}

/** The valid `ui://` URIs a tool's `_meta` names (nested key first), without duplicates. */
export function toolUiUris(tool: Item): string[] {
  const meta = tool._meta;
  if (!isObject(meta)) return [];
  const found: string[] = [];
  const nested = isObject(meta.ui) ? meta.ui.resourceUri : undefined;
  if (isUiUri(nested)) found.push(nested);
  const flat = meta[FLAT_UI_KEY];
  if (isUiUri(flat) && flat !== nested) found.push(flat);
  return found;
}

/**
 * The tool with each valid `ui://` URI in its `_meta` replaced by `expose(uri)` (a copy; the
 * upstream's object is untouched). A tool without one, or whose URIs do not change, is
 * returned as it is. Invalid values are left as they are: they are not routed either.
 */
export function withExposedUi(tool: Item, expose: (uri: string) => string): Item {
  const meta = tool._meta;
  if (!isObject(meta)) return tool;
  let out: Item | undefined;
  const ui = meta.ui;
  if (isObject(ui) && isUiUri(ui.resourceUri)) {
    const exposed = expose(ui.resourceUri);
    if (exposed !== ui.resourceUri) {
      out = { ...meta, ui: { ...ui, resourceUri: exposed } };
    }
  }
  const flat = meta[FLAT_UI_KEY];
  if (isUiUri(flat)) {
    const exposed = expose(flat);
    if (exposed !== flat) out = { ...(out ?? meta), [FLAT_UI_KEY]: exposed };
  }
  return out === undefined ? tool : { ...tool, _meta: out };
}
