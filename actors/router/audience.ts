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
import {
  type AccessKind,
  type AccessPolicy,
  compileAccess,
  type Principal,
} from '../../core/auth/index.js';
import type { AccessRule } from '../../core/config/index.js';
import type { Profiles } from './profiles.js';

/** Anything that receives an upstream's traffic: a session, a modern listen. */
export interface Receiver {
  /** Who it is, as the listener authenticated it (undefined: nobody, e.g. stdio). */
  readonly identity?: Principal | undefined;
  /** The profile it was opened in (`mcpMux.profiles`); undefined: the whole router. */
  readonly profile?: string | undefined;
}

export class Audience {
  readonly #rules: () => readonly AccessRule[] | undefined;
  #compiledFor: readonly AccessRule[] | undefined | null = null;
  #policy: AccessPolicy | undefined;

  /** The sessions' profiles: an upstream outside a session's profile sends it nothing either. */
  readonly profiles: Profiles | undefined;

  constructor(rules: () => readonly AccessRule[] | undefined, profiles?: Profiles) {
    this.#rules = rules;
    this.profiles = profiles;
  }

  /** The compiled `mcpMux.access`, or undefined when there are no rules (everything allowed). */
  get policy(): AccessPolicy | undefined {
    const rules = this.#rules();
    if (rules !== this.#compiledFor) {
      this.#compiledFor = rules;
      this.#policy = rules === undefined ? undefined : compileAccess(rules);
    }
    return this.#policy;
  }

  /** Whether `receiver` may receive what `upstream` sends. */
  mayReceive(receiver: Receiver, upstream: string): boolean {
    const policy = this.policy;
    return (
      (policy === undefined || policy.mayReceive(receiver.identity, upstream)) &&
      (receiver.profile === undefined || this.#inProfile(receiver.profile, upstream))
    );
  }

  /** Whether `receiver` may see and use this item (`exposed` name or URI) of `upstream`. */
  sees(receiver: Receiver, upstream: string, kind: AccessKind, exposed: string): boolean {
    const policy = this.policy;
    return (
      (policy === undefined || policy.allows(receiver.identity, upstream, kind, exposed)) &&
      (receiver.profile === undefined ||
        this.profiles?.allows(receiver.profile, upstream, kind, exposed) === true)
    );
  }

  #inProfile(profile: string, upstream: string): boolean {
    return this.profiles?.mayReceive(profile, upstream) ?? false;
  }

  /** The receivers of `receivers` that may receive what `upstream` sends (the same array without rules). */
  only<R extends Receiver>(upstream: string, receivers: R[]): R[] {
    const policy = this.policy;
    if (policy === undefined && this.profiles?.compiled === undefined) return receivers;
    return receivers.filter((r) => this.mayReceive(r, upstream));
  }
}
