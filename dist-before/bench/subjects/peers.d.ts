export type PeerPackage = 'supergateway' | 'mcp-proxy';
export declare const PEER_PACKAGES: PeerPackage[];
export interface PeerInstall {
    /** The peer's CLI script (run with `node`), when installed. */
    scripts: Partial<Record<PeerPackage, string>>;
    versions: Partial<Record<PeerPackage, string>>;
    /** Why a peer is missing. */
    reasons: Partial<Record<PeerPackage, string>>;
}
/**
 * bench/peers/ also holds committed TypeScript (the naive SDK proxy), which must stay an ES
 * module: the package.json that `npm install --prefix` creates there says so explicitly.
 */
export declare function ensurePeersManifest(): void;
/** Finds the peers, installing missing ones first when `install` is set. */
export declare function ensurePeers(install: boolean, log: (line: string) => void, timeoutMs?: number): Promise<PeerInstall>;
