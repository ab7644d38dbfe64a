import type { ApprovedCall } from './host.js';
/** The longest arguments text shown. */
export declare const MAX_SHOWN = 2000;
export declare function approvalMessage(call: ApprovedCall, redact: readonly string[] | undefined): string;
