/**
 * The upstreams that are down now, as routes/unavailable.ts needs them: a call to a name one
 * of them exposed before it went down gets the retryable -32011 naming it, not "Unknown tool".
 * The names are remembered when an upstream's part leaves the catalog.
 */
import type { Catalog } from '../../core/catalog/index.js';
import type { DownUpstream } from '../routes/index.js';
import type { UpstreamStatus } from './facade.js';

type NamedKind = 'tools' | 'prompts';

export class KnownNames {
  readonly #names = new Map<string, Record<NamedKind, Set<string>>>();

  /** Remembers the names `upstream` exposes now (call before its part leaves the catalog). */
  remember(catalog: Catalog, upstream: string): void {
    const namesOf = (kind: NamedKind) =>
      new Set(
        catalog
          .list(kind)
          .map((item) => String(item.name))
          .filter((exposed) => catalog.resolve(kind, exposed)?.upstream === upstream),
      );
    const known = { tools: namesOf('tools'), prompts: namesOf('prompts') };
    if (known.tools.size + known.prompts.size > 0) this.#names.set(upstream, known);
  }

  forget(upstream: string): void {
    this.#names.delete(upstream);
  }

  /** The statuses that are not ready, with their prefix and remembered names. */
  down(
    statuses: readonly UpstreamStatus[],
    prefixOf: (name: string) => string,
    separator: string,
  ): DownUpstream[] {
    return statuses
      .filter((s) => s.state !== 'ready')
      .map((s) => {
        const known = this.#names.get(s.name);
        return {
          ...s,
          prefix: prefixOf(s.name),
          separator,
          knownNames: (kind: NamedKind) => known?.[kind] ?? new Set<string>(),
        };
      });
  }
}
