import { describe, expect, it } from 'vitest';
import { isPageAddress, pathProblem } from './canonical-path.js';

describe('canonical paths', () => {
  it.each([
    '/',
    '/api/products',
    '/api/products?q=a%2e%2fb&x=..',
    '/categories/living-room',
    '/search?q=%C3%A9tag%C3%A8re',
    '/api/categories/caf%C3%A9',
    '/a%20b',
    '/a%25b',
    '/api/products/3f1b2c4d-0000-4000-8000-000000000000',
    '/assets/index-abc.js',
    '/..a/b.',
    // The query is not part of the address: text the database cannot store is refused where it is read.
    '/api/products?q=%00',
  ])('accepts %s', (path) => {
    expect(pathProblem(path)).toBeNull();
  });

  it.each([
    ['/api/auth/x/../update-user', 'contains a dot segment'],
    ['/api/./products', 'contains a dot segment'],
    ['/api/..', 'contains a dot segment'],
    ['/api/auth/%2e/update-user', 'encodes a character that needs no encoding'],
    ['/api/auth/%2E%2E/x', 'encodes a character that needs no encoding'],
    ['/%61pi/admin', 'encodes a character that needs no encoding'],
    ['/api/%7Euser', 'encodes a character that needs no encoding'],
    ['/api/a%5fb', 'encodes a character that needs no encoding'],
    ['/api/a%2Fb', 'contains an encoded slash or backslash'],
    ['/api/a%5cb', 'contains an encoded slash or backslash'],
    ['/api\\admin', 'contains a backslash'],
    ['//api/products', 'contains an empty segment'],
    ['/api//products', 'contains an empty segment'],
    ['/api/products%00', 'contains a NUL character'],
    ['/api/%zz', 'contains a malformed percent-encoding'],
    ['/api/%4', 'contains a malformed percent-encoding'],
    ['http://evil.example/api', 'must start with /'],
    ['*', 'must start with /'],
  ])('refuses %s: %s', (path, problem) => {
    expect(pathProblem(path)).toBe(problem);
  });
});

describe('page addresses', () => {
  it.each([
    ['GET', '/'],
    ['GET', '/blog'],
    ['HEAD', '/categories/kitchen'],
    ['GET', '/no-such-page/at-all'],
    ['GET', '/apis'],
    ['GET', '/assetsx/a.js'],
    ['GET', '/sitemap.xml'],
  ])('%s %s is a page address, for the web app to answer', (method, path) => {
    expect(isPageAddress(method, path)).toBe(true);
  });

  it.each([
    ['GET', '/api'],
    ['GET', '/api/'],
    ['GET', '/api/products'],
    ['HEAD', '/assets/index-abc.js'],
    ['GET', '/media/photo.webp'],
    ['POST', '/blog'],
    ['DELETE', '/'],
    ['OPTIONS', '/blog'],
  ])('%s %s is not', (method, path) => {
    expect(isPageAddress(method, path)).toBe(false);
  });
});
