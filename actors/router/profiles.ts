/**
 * `mcpMux.profiles` compiled: what a session of a profile may see and use (its globs over
 * upstream names, exposed tool/prompt names and resource URIs) and the tool search it gets.
 * Compiled once per profiles object (a reload replaces it; a session whose profile a reload
 * removed sees nothing). Sessions without a profile never reach here.
 */
import picomatch from 'picomatch';
import type { AccessKind } from '../../core/auth/index.js';
import type { ProfileConfig, ToolSearchConfig } from '../../core/config/index.js';

type Matcher = (value: string) => boolean;

interface CompiledProfile {
  upstream: Matcher;
  items: Record<AccessKind, Matcher>;
  /** The profile's own `toolSearch`, or undefined to use `mcpMux.toolSearch`. */
  toolSearch: ToolSearchConfig | undefined;
}

const all: Matcher = () => true;
const none = (): boolean => false;

const glob = (patterns: readonly string[] | undefined): Matcher =>
  patterns === undefined
    ? all
    : patterns.length === 0
      ? none
      : picomatch(patterns as string[], { dot: true, windows: false });

function compile(profile: ProfileConfig): CompiledProfile {
  const resources = glob(profile.resources);
  return {
    upstream: glob(profile.upstreams),
    items: {
      tools: glob(profile.tools),
      prompts: glob(profile.prompts),
      resources,
      resourceTemplates: resources,
      upstream: all,
    },
    toolSearch: profile.toolSearch,
  };
}

export type ProfilesSource = () => Readonly<Record<string, ProfileConfig>> | undefined;

export class Profiles {
  readonly #source: ProfilesSource;
  #compiledFor: Readonly<Record<string, ProfileConfig>> | undefined | null = null;
  #compiled: ReadonlyMap<string, CompiledProfile> | undefined;

  constructor(source: ProfilesSource) {
    this.#source = source;
  }

  /** The compiled profiles; undefined when none is configured (then nobody has a profile to check). */
  get compiled(): ReadonlyMap<string, CompiledProfile> | undefined {
    const profiles = this.#source();
    if (profiles !== this.#compiledFor) {
      this.#compiledFor = profiles;
      const names = profiles === undefined ? [] : Object.keys(profiles);
      this.#compiled =
        profiles === undefined || names.length === 0
          ? undefined
          : new Map(names.map((name) => [name, compile(profiles[name] as ProfileConfig)]));
    }
    return this.#compiled;
  }

  has(name: string): boolean {
    return this.compiled?.has(name) ?? false;
  }

  /** May a session of `profile` see and use this item (`exposed` name or URI) of `upstream`? */
  allows(profile: string, upstream: string, kind: AccessKind, exposed: string): boolean {
    const compiled = this.compiled?.get(profile);
    if (compiled === undefined) return false; // no such profile (any more): nothing
    return compiled.upstream(upstream) && compiled.items[kind](exposed);
  }

  /** Does what `upstream` sends on its own reach sessions of `profile`? */
  mayReceive(profile: string, upstream: string): boolean {
    return this.compiled?.get(profile)?.upstream(upstream) ?? false;
  }

  /** The profile's tool search: its own, else `fallback` (`mcpMux.toolSearch`). */
  toolSearch(
    profile: string,
    fallback: ToolSearchConfig | undefined,
  ): ToolSearchConfig | undefined {
    return this.compiled?.get(profile)?.toolSearch ?? fallback;
  }
}
