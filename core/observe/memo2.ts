/**
 * A two-level map that makes its values on first use: the per-call lookups of the metrics
 * (series by upstream and method, counters by transport and reason) and of the audit's
 * exposed names, where a label hash or a name computed per call would cost more. `make` is a
 * function the caller keeps (no closure per call).
 */
export function memo2<V>(
  map: Map<string, Map<string, V>>,
  a: string,
  b: string,
  make: (a: string, b: string) => V,
): V {
  let inner = map.get(a);
  if (inner === undefined) {
    inner = new Map();
    map.set(a, inner);
  }
  let value = inner.get(b);
  if (value === undefined) {
    value = make(a, b);
    inner.set(b, value);
  }
  return value;
}
