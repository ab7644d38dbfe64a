import { describe, expect, it } from 'vitest';
import { parseBearerChallenge } from '../../../../transports/http/oauth/wwwAuthenticate.js';

describe('parseBearerChallenge', () => {
  it('reads resource_metadata, scope and error, quoted or not', () => {
    expect(
      parseBearerChallenge(
        'Bearer error="insufficient_scope", scope="files:read files:write", resource_metadata="https://mcp.example.com/.well-known/oauth-protected-resource"',
      ),
    ).toEqual({
      error: 'insufficient_scope',
      scope: 'files:read files:write',
      resourceMetadata: 'https://mcp.example.com/.well-known/oauth-protected-resource',
    });
    expect(parseBearerChallenge('bearer error=invalid_token')).toEqual({ error: 'invalid_token' });
    expect(parseBearerChallenge('Bearer')).toEqual({});
  });

  it('finds the Bearer challenge after another scheme, and none when absent', () => {
    expect(parseBearerChallenge('Basic realm="x", Bearer scope="a"')).toMatchObject({ scope: 'a' });
    expect(parseBearerChallenge('Basic realm="x"')).toBeUndefined();
    expect(parseBearerChallenge(undefined)).toBeUndefined();
  });

  it('unescapes quoted-pair characters', () => {
    expect(parseBearerChallenge('Bearer scope="a\\"b"')).toEqual({ scope: 'a"b' });
  });
});
