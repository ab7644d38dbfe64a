/**
 * Client capabilities and the server-to-client requests they allow (legacy era): what the
 * router declares to its upstreams, and whether one downstream client can take one
 * server-initiated request. Pure functions; the spec pages are client/sampling.mdx,
 * client/elicitation.mdx and client/roots.mdx of each revision.
 */
import { ErrorCode } from '../errors/index.js';
import { methodTable } from '../rpc/index.js';
import { LEGACY_VERSIONS } from './versions.js';
const isObject = (value) => typeof value === 'object' && value !== null && !Array.isArray(value);
/** Revision order: `atLeast(v, '2025-06-18')` is true for 2025-06-18 and later. */
const atLeast = (version, since) => {
    const at = LEGACY_VERSIONS.indexOf(version);
    return at >= LEGACY_VERSIONS.indexOf(since) || at === -1;
};
/**
 * What a shared upstream connection is told the client side can do: everything the router
 * can route to some downstream client, in the shape of the requested revision. Elicitation
 * appears in 2025-06-18 (`{}` = form only) and gains modes in 2025-11-25.
 */
export function routerClientCapabilities(version) {
    const caps = { roots: { listChanged: true }, sampling: {} };
    if (version === '2025-06-18')
        caps.elicitation = {};
    else if (atLeast(version, '2025-11-25'))
        caps.elicitation = { form: {}, url: {} };
    return caps;
}
/**
 * The elicitation modes a client supports (elicitation.mdx, "Capabilities"): none without the
 * capability; an empty object means form only; before 2025-11-25 there is only form mode,
 * whatever keys the object holds.
 */
export function elicitationModes(capabilities, protocolVersion) {
    const elicitation = capabilities.elicitation;
    if (!isObject(elicitation))
        return new Set();
    if (!atLeast(protocolVersion, '2025-11-25'))
        return new Set(['form']);
    const modes = new Set();
    if (isObject(elicitation.form))
        modes.add('form');
    if (isObject(elicitation.url))
        modes.add('url');
    if (modes.size === 0 && !('form' in elicitation) && !('url' in elicitation))
        modes.add('form');
    return modes;
}
/** The server-to-client methods the router routes, and the capability each needs. */
export const SERVER_REQUEST_CAPABILITY = methodTable({
    'sampling/createMessage': 'sampling',
    'elicitation/create': 'elicitation',
    'roots/list': 'roots',
});
/**
 * Whether a client with `capabilities` (negotiated `protocolVersion`) can take the
 * server-to-client request `method`/`params`; undefined when it can. A missing capability is
 * -32601 (what a client without the feature answers, roots.mdx "Error Handling"); a declared
 * capability without the needed mode or feature is -32602 (elicitation.mdx "Error Handling";
 * sampling.mdx: tool use needs `sampling.tools`).
 */
export function capabilityGap(method, params, capabilities, protocolVersion) {
    const capability = SERVER_REQUEST_CAPABILITY[method];
    if (capability === undefined) {
        return { code: ErrorCode.MethodNotFound, reason: `${method} is not a client method` };
    }
    if (!isObject(capabilities[capability])) {
        return {
            code: ErrorCode.MethodNotFound,
            reason: `the client did not declare the "${capability}" capability`,
        };
    }
    if (method === 'elicitation/create') {
        const mode = params?.mode ?? 'form';
        if (mode !== 'form' && mode !== 'url') {
            return {
                code: ErrorCode.InvalidParams,
                reason: `unknown elicitation mode ${JSON.stringify(mode)}`,
            };
        }
        if (!elicitationModes(capabilities, protocolVersion).has(mode)) {
            return {
                code: ErrorCode.InvalidParams,
                reason: `the client does not support ${mode}-mode elicitation (it did not declare elicitation.${mode}${mode === 'url' && !atLeast(protocolVersion, '2025-11-25') ? `; its protocol version ${protocolVersion} has no URL mode` : ''})`,
            };
        }
    }
    if (method === 'sampling/createMessage' && params?.tools !== undefined) {
        const sampling = capabilities.sampling;
        if (!isObject(sampling.tools)) {
            return {
                code: ErrorCode.InvalidParams,
                reason: 'the client did not declare sampling.tools, so it takes no tool-enabled sampling',
            };
        }
    }
    return undefined;
}
//# sourceMappingURL=clientCapabilities.js.map