/**
 * Who may receive what an upstream sends on its own, by `mcpMux.access`
 * (core/auth/accessPolicy.ts `mayReceive`): log messages, resource updates, list changes,
 * task status and server-to-client requests never reach a session whose principal may not use
 * the upstream they come from. Each path that hands an upstream's traffic to sessions asks
 * here once (actors/router/README.md, "Access and what upstreams send").
 *
 * The policy is compiled once per rules array (a reload replaces it) and shared with the
 * routes' `allows`. Without rules `policy` is undefined: `only` returns its input as it is and
 * `mayReceive` is one check, so a router without access rules pays nothing per message.
 */
import { compileAccess } from '../../core/auth/index.js';
export class Audience {
    #rules;
    #compiledFor = null;
    #policy;
    /** The sessions' profiles: an upstream outside a session's profile sends it nothing either. */
    profiles;
    constructor(rules, profiles) {
        this.#rules = rules;
        this.profiles = profiles;
    }
    /** The compiled `mcpMux.access`, or undefined when there are no rules (everything allowed). */
    get policy() {
        const rules = this.#rules();
        if (rules !== this.#compiledFor) {
            this.#compiledFor = rules;
            this.#policy = rules === undefined ? undefined : compileAccess(rules);
        }
        return this.#policy;
    }
    /** Whether `receiver` may receive what `upstream` sends. */
    mayReceive(receiver, upstream) {
        const policy = this.policy;
        return ((policy === undefined || policy.mayReceive(receiver.identity, upstream)) &&
            (receiver.profile === undefined || this.#inProfile(receiver.profile, upstream)));
    }
    #inProfile(profile, upstream) {
        return this.profiles?.mayReceive(profile, upstream) ?? false;
    }
    /** The receivers of `receivers` that may receive what `upstream` sends (the same array without rules). */
    only(upstream, receivers) {
        const policy = this.policy;
        if (policy === undefined && this.profiles?.compiled === undefined)
            return receivers;
        return receivers.filter((r) => this.mayReceive(r, upstream));
    }
}
//# sourceMappingURL=audience.js.map