/**
 * The routes' `Approvals` (actors/routes/approval.ts) for the config in force: which tool calls
 * need the user's approval (`mcpMux.approve` over exposed names, a server's `approve` over its
 * own names, `mcpMux.approveDestructive` over the tools' `destructiveHint` annotation), and what
 * asking needs (the `requestState` sealer with the bridge's key, a nonce ledger, the sessions'
 * remembered approvals, the observer). Undefined when the config asks for no approval, so a
 * routed call pays one property read.
 */
import type { SchedulerLike } from 'rxjs';
import { type Catalog } from '../../core/catalog/index.js';
import type { RouterConfig } from '../../core/config/index.js';
import { type RouterObserver } from '../../core/observe/index.js';
import type { Approvals } from '../routes/index.js';
export interface ApprovalParts {
    readonly config: () => RouterConfig;
    readonly catalog: Catalog;
    readonly scheduler: SchedulerLike;
    /** The `requestState` key (the bridge's). */
    readonly key: Buffer;
    readonly observer: RouterObserver | undefined;
}
/** A function that reads the `Approvals` of the config in force (cached per config). */
export declare function approvalsOf(parts: ApprovalParts): () => Approvals | undefined;
