import type { IdpConfig } from '../../../core/config/index.js';
export type { IdpConfig } from '../../../core/config/index.js';
/** The ID-JAG for `audience` (the authorization server's issuer) and `resource`. */
export declare function exchangeForIdJag(idp: IdpConfig, audience: string, resource: string, scope: string | undefined): Promise<string>;
