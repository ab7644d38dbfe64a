/**
 * prom-client, loaded with the first metrics object (CommonJS, so synchronously): a router
 * that exposes no metrics (stdio only, no `--metrics`) never pays its start-up.
 */
import { createRequire } from 'node:module';
import type * as PromClient from 'prom-client';

let loaded: typeof PromClient | undefined;

export function promClient(): typeof PromClient {
  loaded ??= createRequire(import.meta.url)('prom-client') as typeof PromClient;
  return loaded;
}
