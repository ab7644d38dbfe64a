/**
 * Which authorization server an upstream may send the router to, and which one may see the
 * credentials the config holds (README.md, "Issuer pins").
 *
 * - With pins (`auth.issuer`, `auth.authorizationServers`): the first authorization server of
 *   the protected resource metadata that is pinned; none pinned → the upstream fails, naming
 *   what it offered. Without protected resource metadata: the first pin (the spec's "use
 *   pre-configured values").
 * - Without pins: the first one listed (RFC 9728 leaves the choice to the client), else the
 *   upstream's origin (2025-03-26). Dynamic registration, a client ID metadata document and a
 *   public client carry no configured secret and may go there; a configured secret, private
 *   key or `jwt_bearer` assertion goes only to an authorization server whose issuer and token
 *   endpoint are on the upstream's own origin.
 */
import type * as oauth from 'oauth4webapi';
/** The options that decide whether a credential of the config is presented. */
export interface ConfiguredCredentials {
    grant?: string;
    clientId?: string;
    clientSecret?: string;
    privateKey?: string;
}
export declare const isPinned: (issuer: string, pins: readonly string[]) => boolean;
/** The issuer to discover, from the resource's `authorization_servers` and the pins. */
export declare function chooseIssuer(listed: readonly unknown[] | undefined, serverUrl: URL, pins: readonly string[]): URL;
/** Whether the client would present a credential from the config (not one it registered). */
export declare function holdsConfiguredCredential(o: ConfiguredCredentials): boolean;
/**
 * Throws unless the configured credentials may go to `as`; the message names the refused
 * issuer, never a credential.
 */
export declare function checkCredentialTarget(o: ConfiguredCredentials, as: oauth.AuthorizationServer, serverUrl: URL, pins: readonly string[]): void;
