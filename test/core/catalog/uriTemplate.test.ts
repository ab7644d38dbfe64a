import { describe, expect, it } from 'vitest';
import { compileUriTemplate } from '../../../core/catalog/uriTemplate.js';

const matches = (template: string, uri: string) => compileUriTemplate(template)?.test(uri) ?? false;

describe('compileUriTemplate', () => {
  it('matches simple expressions within one segment', () => {
    expect(matches('users://{id}', 'users://42')).toBe(true);
    expect(matches('users://{id}', 'users://42/x')).toBe(false);
    expect(matches('users://{id}', 'users://')).toBe(false);
    expect(matches('db://{schema}/{table}', 'db://public/users')).toBe(true);
    expect(matches('map://{x,y}', 'map://1,2')).toBe(true);
    expect(matches('v://{name:3}', 'v://abc')).toBe(true);
  });

  it('matches literals exactly, including regex characters', () => {
    expect(matches('a.b://x+y/{id}', 'a.b://x+y/1')).toBe(true);
    expect(matches('a.b://x+y/{id}', 'aXb://x+y/1')).toBe(false);
    expect(matches('static://readme', 'static://readme')).toBe(true);
    expect(matches('static://readme', 'static://readme2')).toBe(false);
  });

  it('lets reserved expansion cross slashes', () => {
    expect(matches('file:///{+path}', 'file:///a/b/c.txt')).toBe(true);
    expect(matches('file:///{+path}/raw', 'file:///a/b/raw')).toBe(true);
    expect(matches('file:///{+path}/raw', 'file:///a/b/cooked')).toBe(false);
  });

  it('matches path, label, fragment and query expressions', () => {
    expect(matches('repo://x{/owner,name}', 'repo://x/me/proj')).toBe(true);
    expect(matches('repo://x{/segments*}', 'repo://x/a/b/c/d')).toBe(true);
    expect(matches('repo://x{/one}', 'repo://x/a/b')).toBe(false);
    expect(matches('f://n{.ext}', 'f://n.txt')).toBe(true);
    expect(matches('m://x{;a}', 'm://x;a=1')).toBe(true);
    expect(matches('s://find{?q,limit}', 's://find?q=x&limit=3')).toBe(true);
    expect(matches('s://find{?q}{&page}', 's://find?q=x&page=2')).toBe(true);
    expect(matches('s://find{?q}', 's://find')).toBe(true);
    expect(matches('d://page{#section}', 'd://page#intro')).toBe(true);
    expect(matches('u://{id}{?fields}', 'u://7?fields=a,b')).toBe(true);
  });

  it('refuses malformed templates', () => {
    for (const bad of ['x://{id', 'x://id}', 'x://{}', 'x://{a{b}}', 'x://{!a}', 'x://{a b}']) {
      expect(compileUriTemplate(bad), bad).toBeUndefined();
    }
  });
});
