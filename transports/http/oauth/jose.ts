/**
 * jose, loaded by the first JWT, JWK or DPoP operation: a router with neither inbound JWT
 * auth nor an OAuth upstream never pays its start-up (~40 ms, ~10 MB). jose is ES-module only,
 * so this is an `import()`; every caller is async already.
 */
import type * as Jose from 'jose';

let jose: Promise<typeof Jose> | undefined;

export function loadJose(): Promise<typeof Jose> {
  jose ??= import('jose');
  return jose;
}
