/**
 * The cluster proof behind HAProxy (deploy/haproxy.cfg): three mcp-mux instances with `mcpMux.cluster`
 * and one redis-server, both protocol eras, `kill -9` of an instance and a Redis crash under
 * load (clusterProof.ts says what must hold).
 */
import { describeClusterProof } from './clusterProof.js';

describeClusterProof('haproxy');
