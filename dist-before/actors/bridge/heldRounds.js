/**
 * The table of bridged calls (legacy upstream, modern client; heldRound.ts holds one): the
 * running ones per upstream (a server-to-client request from that upstream belongs to the most
 * recent), and the held ones by id (those that issued an `input_required` and wait for the
 * retry). Bounded: at most `maxRounds` held rounds, `maxPerPrincipal` per principal; past that
 * the upstream's request gets an error at once. Each `requestState` is sealed
 * (core/mcp/requestState.ts), good for one retry (nonce ledger), and lives `ttlMs`; a round
 * that no retry claims in time is ended (the upstream gets an error, its call is cancelled).
 */
import { Observable } from 'rxjs';
import { ErrorCode, RpcError } from '../../core/errors/index.js';
import { invalidState, NonceLedger, paramsDigest, RequestStateSealer, randomId, } from '../../core/mcp/index.js';
import { HeldRound } from './heldRound.js';
export const HELD_DEFAULTS = {
    ttlMs: 120_000,
    gatherMs: 10,
    maxRounds: 10_000,
    maxPerPrincipal: 100,
};
const isObject = (value) => typeof value === 'object' && value !== null && !Array.isArray(value);
const principalOf = (caller) => caller.context.principal ?? '';
export class HeldRounds {
    gatherMs;
    #options;
    #sealer;
    #ledger = new NonceLedger();
    /** Held rounds by id. */
    #held = new Map();
    #perPrincipal = new Map();
    /** Rounds whose upstream call runs, per upstream, in start order. */
    #running = new Map();
    #moments = 0;
    constructor(options) {
        this.#options = options;
        this.#sealer = new RequestStateSealer(options.key);
        this.gatherMs = options.gatherMs ?? HELD_DEFAULTS.gatherMs;
    }
    get ttlMs() {
        return this.#options.live?.().ttlMs ?? this.#options.ttlMs;
    }
    /** Held rounds (waiting for, or serving, a retry). The leak tests expect 0 once idle. */
    get size() {
        return this.#held.size;
    }
    /** Rounds whose upstream call runs. */
    get running() {
        let n = 0;
        for (const list of this.#running.values())
            n += list.length;
        return n;
    }
    /** Rounds whose upstream call runs toward `upstream`. */
    runningAt(upstream) {
        let n = 0;
        for (const round of this.#running.get(upstream) ?? [])
            if (round.isRunning)
                n++;
        return n;
    }
    /** The most recent running round toward `upstream` (the cause of its server request). */
    latest(upstream) {
        const list = this.#running.get(upstream) ?? [];
        for (let i = list.length - 1; i >= 0; i--)
            if (list[i]?.isRunning)
                return list[i];
        return undefined;
    }
    /** A modern caller's first request: a round that runs `call` and holds what it causes. */
    start(upstream, method, params, caller, call) {
        if (params.inputResponses !== undefined) {
            throw invalidState('missing', 'is required with inputResponses (mcp-mux issues one with every input_required)');
        }
        return new Observable((subscriber) => {
            const init = {
                upstream,
                method,
                params,
                principal: principalOf(caller),
            };
            const round = new HeldRound(this, init, caller.context, this.#moment());
            const list = this.#running.get(upstream) ?? [];
            list.push(round);
            this.#running.set(upstream, list);
            round.attach(subscriber, caller.context, undefined);
            round.run(call());
            return () => round.detach(subscriber);
        });
    }
    /**
     * A retry (`params.requestState`): throws -32602 at once for a state that fails a check, so
     * nothing reaches the upstream; else answers the held requests and attaches the caller.
     */
    resume(upstream, method, params, caller) {
        const now = this.#options.scheduler.now();
        const responses = params.inputResponses;
        if (responses !== undefined && !isObject(responses)) {
            throw new RpcError(ErrorCode.InvalidParams, 'Invalid params: inputResponses must be an object');
        }
        const claims = this.#sealer.open(params.requestState, {
            principal: principalOf(caller),
            method,
            upstream,
            digest: paramsDigest(params),
            now,
        });
        if (!this.#ledger.claim(claims.nonce, claims.expiresAt, now)) {
            throw invalidState('replayed', 'was already used: each requestState is good for one retry');
        }
        const round = this.#held.get(claims.round);
        if (!round || round.isEnded || round.nonce !== claims.nonce) {
            throw invalidState('unknown', 'names a round trip mcp-mux no longer holds (it ended, was cancelled or was issued by another instance)');
        }
        round.nonce = undefined; // claimed: a second retry with it fails even before the ledger
        return new Observable((subscriber) => {
            round.attach(subscriber, caller.context, responses);
            return () => round.detach(subscriber);
        });
    }
    /** Ends every round (shutdown): held requests get an error, upstream calls are cancelled. */
    close() {
        for (const list of [...this.#running.values()]) {
            for (const round of [...list])
                round.end('mcp-mux is shutting down');
        }
        for (const round of [...this.#held.values()])
            round.end('mcp-mux is shutting down');
    }
    #moment() {
        return this.#options.moment?.() ?? ++this.#moments;
    }
    // RoundTable (heldRound.ts)
    admit(round) {
        const max = this.#options.maxRounds ?? HELD_DEFAULTS.maxRounds;
        const perPrincipal = this.#options.live?.().maxPerPrincipal ??
            this.#options.maxPerPrincipal ??
            HELD_DEFAULTS.maxPerPrincipal;
        const mine = this.#perPrincipal.get(round.principal) ?? 0;
        if (this.#held.size >= max || mine >= perPrincipal) {
            this.#options.log.warn(`upstream ${round.upstream}: cannot hold another input_required round trip (${this.#held.size} held, ${mine} for this principal)`);
            return false;
        }
        round.id = randomId();
        this.#held.set(round.id, round);
        this.#perPrincipal.set(round.principal, mine + 1);
        return true;
    }
    schedule(work, ms) {
        return this.#options.scheduler.schedule(work, ms);
    }
    issue(round) {
        const nonce = randomId();
        const expiresAt = this.#options.scheduler.now() + this.ttlMs;
        round.nonce = nonce;
        round.digest ??= paramsDigest(round.params);
        return this.#sealer.seal({
            round: round.id ?? '',
            nonce,
            principal: round.principal,
            method: round.method,
            upstream: round.upstream,
            digest: round.digest,
            expiresAt,
        });
    }
    ended(round) {
        const list = this.#running.get(round.upstream);
        if (list) {
            const rest = list.filter((r) => r !== round);
            if (rest.length > 0)
                this.#running.set(round.upstream, rest);
            else
                this.#running.delete(round.upstream);
        }
        if (round.id !== undefined && this.#held.get(round.id) === round) {
            this.#held.delete(round.id);
            const left = (this.#perPrincipal.get(round.principal) ?? 1) - 1;
            if (left > 0)
                this.#perPrincipal.set(round.principal, left);
            else
                this.#perPrincipal.delete(round.principal);
        }
    }
}
//# sourceMappingURL=heldRounds.js.map