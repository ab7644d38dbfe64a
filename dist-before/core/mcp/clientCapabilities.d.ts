import type { JsonObject } from '../rpc/index.js';
import { type LegacyVersion } from './versions.js';
export type ElicitationMode = 'form' | 'url';
/**
 * What a shared upstream connection is told the client side can do: everything the router
 * can route to some downstream client, in the shape of the requested revision. Elicitation
 * appears in 2025-06-18 (`{}` = form only) and gains modes in 2025-11-25.
 */
export declare function routerClientCapabilities(version: LegacyVersion): JsonObject;
/**
 * The elicitation modes a client supports (elicitation.mdx, "Capabilities"): none without the
 * capability; an empty object means form only; before 2025-11-25 there is only form mode,
 * whatever keys the object holds.
 */
export declare function elicitationModes(capabilities: JsonObject, protocolVersion: string): Set<ElicitationMode>;
/** Why a client cannot take a request: the JSON-RPC error the upstream gets instead. */
export interface CapabilityGap {
    code: number;
    reason: string;
}
/** The server-to-client methods the router routes, and the capability each needs. */
export declare const SERVER_REQUEST_CAPABILITY: Readonly<Record<string, string>>;
/**
 * Whether a client with `capabilities` (negotiated `protocolVersion`) can take the
 * server-to-client request `method`/`params`; undefined when it can. A missing capability is
 * -32601 (what a client without the feature answers, roots.mdx "Error Handling"); a declared
 * capability without the needed mode or feature is -32602 (elicitation.mdx "Error Handling";
 * sampling.mdx: tool use needs `sampling.tools`).
 */
export declare function capabilityGap(method: string, params: JsonObject | undefined, capabilities: JsonObject, protocolVersion: string): CapabilityGap | undefined;
