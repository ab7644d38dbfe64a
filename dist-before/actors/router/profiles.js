/**
 * `mcpMux.profiles` compiled: what a session of a profile may see and use (its globs over
 * upstream names, exposed tool/prompt names and resource URIs) and the tool search it gets.
 * Compiled once per profiles object (a reload replaces it; a session whose profile a reload
 * removed sees nothing). Sessions without a profile never reach here.
 */
import picomatch from 'picomatch';
const all = () => true;
const none = () => false;
const glob = (patterns) => patterns === undefined
    ? all
    : patterns.length === 0
        ? none
        : picomatch(patterns, { dot: true, windows: false });
function compile(profile) {
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
export class Profiles {
    #source;
    #compiledFor = null;
    #compiled;
    constructor(source) {
        this.#source = source;
    }
    /** The compiled profiles; undefined when none is configured (then nobody has a profile to check). */
    get compiled() {
        const profiles = this.#source();
        if (profiles !== this.#compiledFor) {
            this.#compiledFor = profiles;
            const names = profiles === undefined ? [] : Object.keys(profiles);
            this.#compiled =
                profiles === undefined || names.length === 0
                    ? undefined
                    : new Map(names.map((name) => [name, compile(profiles[name])]));
        }
        return this.#compiled;
    }
    has(name) {
        return this.compiled?.has(name) ?? false;
    }
    /** May a session of `profile` see and use this item (`exposed` name or URI) of `upstream`? */
    allows(profile, upstream, kind, exposed) {
        const compiled = this.compiled?.get(profile);
        if (compiled === undefined)
            return false; // no such profile (any more): nothing
        return compiled.upstream(upstream) && compiled.items[kind](exposed);
    }
    /** Does what `upstream` sends on its own reach sessions of `profile`? */
    mayReceive(profile, upstream) {
        return this.compiled?.get(profile)?.upstream(upstream) ?? false;
    }
    /** The profile's tool search: its own, else `fallback` (`mcpMux.toolSearch`). */
    toolSearch(profile, fallback) {
        return this.compiled?.get(profile)?.toolSearch ?? fallback;
    }
}
//# sourceMappingURL=profiles.js.map