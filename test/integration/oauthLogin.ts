/** A token file holding a completed OAuth login to a test authorization server. */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FileTokenStore, OAuthClient } from '../../transports/http/oauth/index.js';

/**
 * Logs in as upstream `web` to the server at `url` (its authorize endpoint redirects at once
 * with a code) and returns the path of the fresh token file in a new temporary directory.
 */
export async function loggedInTokenFile(url: string, prefix: string): Promise<string> {
  const tokenFile = join(mkdtempSync(join(tmpdir(), prefix)), 'tokens.json');
  await new OAuthClient({
    server: 'web',
    url: new URL(url),
    store: new FileTokenStore(tokenFile),
    authorize: async (authorizeUrl) => {
      const res = await fetch(authorizeUrl, { redirect: 'manual' });
      return new URL(res.headers.get('location') ?? '').searchParams;
    },
  }).login();
  return tokenFile;
}
