import { type Session, type TransportKind } from '../client/session.js';
import type { PeerInstall } from './peers.js';
export type SubjectKind = 'direct' | 'mcp-mux'
/** `relayFloor.ts`: pipes, framing and id mapping only (what any Node proxy pays). */
 | 'relay-floor' | 'naive-sdk' | 'supergateway' | 'mcp-proxy';
export interface SubjectSpec {
    /** Unique within a scenario; also the chart series. */
    name: string;
    kind: SubjectKind;
    /** Client → subject. For `direct` it is also the upstream transport. */
    downstream: TransportKind;
    /** Subject → echo upstream. */
    upstream: TransportKind;
    /** Echo upstreams behind the router (mcp-mux only), default 1. */
    upstreams?: number;
    /** Tools listed by each echo upstream, default 1. */
    toolsPerUpstream?: number;
    /** Router queue limits (mcp-mux only); the defaults never throttle the bench. */
    muxLimits?: {
        concurrency: number;
        maxQueue: number;
    };
    /** Extra CLI flags for the router (mcp-mux only), e.g. `--no-metrics`. */
    muxArgs?: string[];
    /** Another build of the router (mcp-mux only; `--compare`), default `muxBinPath`. */
    bin?: string;
    /** Flags for the relay floor (relay-floor only), e.g. `--bytes`. */
    relayArgs?: string[];
}
export interface LaunchContext {
    tmpDir: string;
    peers: PeerInstall;
    /** Combination key → why it failed the first time it was tried. */
    failures: Map<string, string>;
    /** Combinations that have worked at least once in this run. */
    working: Set<string>;
    /** Extra node flags for the router process (e.g. `--cpu-prof`). */
    routerNodeArgs: string[];
}
export interface Launched {
    spec: SubjectSpec;
    label: string;
    /** Tool names to call, spread round-robin. */
    tools: string[];
    /** Tools expected in a full `tools/list`. */
    listedTools: number;
    session: Session;
    /** The process whose CPU and memory are measured: router, peer, or the echo itself. */
    pid: number | undefined;
    /** Opens another client session (network subjects only). */
    connect(): Promise<Session>;
    close(): Promise<void>;
}
export declare const arrow = "\u2192";
export declare function subjectLabel(spec: SubjectSpec): string;
export declare const comboKey: (spec: SubjectSpec) => string;
/** Lists every page of tools/list. */
export declare function listAllTools(session: Session): Promise<string[]>;
/** Starts a subject and opens its first session; throws (with the reason) when it cannot. */
export declare function launchSubject(spec: SubjectSpec, ctx: LaunchContext): Promise<Launched>;
