/**
 * The operator's endpoints on an HTTP listener: `GET /metrics` (Prometheus text), `/healthz`
 * (liveness) and `/readyz` (readiness, 503 when not ready), both with a JSON body listing each
 * upstream's state. What they answer comes from `ObserveEndpoints` (bin/observe.ts builds it
 * from the router); this file only speaks HTTP.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { HealthAnswer } from '../../core/observe/index.js';

export interface ObserveEndpoints {
  /** Absent: metrics are off (`--no-metrics`): `/metrics` is 404. */
  metrics?: () => Promise<{ contentType: string; body: string }>;
  health(): HealthAnswer;
  ready(): HealthAnswer;
}

export const OBSERVE_PATHS = new Set(['/metrics', '/healthz', '/readyz']);

function sendJson(res: ServerResponse, answer: HealthAnswer): void {
  const body = JSON.stringify(answer.body);
  res.writeHead(answer.status, {
    'content-type': 'application/json',
    'cache-control': 'no-store',
    'content-length': Buffer.byteLength(body),
  });
  res.end(body);
}

/** Answers one of `OBSERVE_PATHS`; false when `pathname` is not one of them (or is off). */
export async function serveObserve(
  endpoints: ObserveEndpoints,
  pathname: string,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<boolean> {
  if (!OBSERVE_PATHS.has(pathname)) return false;
  if (pathname === '/metrics' && endpoints.metrics === undefined) return false;
  req.resume();
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405, { allow: 'GET, HEAD', 'content-length': 0 });
    res.end();
    return true;
  }
  if (pathname === '/healthz') sendJson(res, endpoints.health());
  else if (pathname === '/readyz') sendJson(res, endpoints.ready());
  else if (endpoints.metrics) {
    const { contentType, body } = await endpoints.metrics();
    res.writeHead(200, {
      'content-type': contentType,
      'cache-control': 'no-store',
      'content-length': Buffer.byteLength(body),
    });
    res.end(req.method === 'HEAD' ? undefined : body);
  }
  return true;
}
