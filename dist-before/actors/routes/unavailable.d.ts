/**
 * A name the catalog does not know may belong to an upstream that is down right now (it
 * failed, is backing off before a restart, or is still starting): its items left the catalog
 * with it. Such a call is answered with the retryable -32011 naming the upstream and when it
 * is expected back, instead of -32602 "Unknown tool". The upstream is
 * found by the names it exposed before (remembered by the router) or by its prefix.
 */
import { RpcError } from '../../core/errors/index.js';
import type { RouteHost } from './host.js';
/**
 * The error for an exposed name the catalog does not resolve: -32011 when its upstream is down
 * (and, for a caller in a profile, in that profile: else the down upstream stays unnamed).
 */
export declare function unknownName(host: RouteHost, kind: 'tools' | 'prompts', noun: string, name: string, profile?: string): RpcError;
