import { fullPath, requestKey, serialiseBody, stableStringify } from './requestKey';

describe('requestKey', () => {
  it('ignores the order of object keys', () => {
    expect(stableStringify({ b: 1, a: { d: 2, c: 3 } })).toBe(stableStringify({ a: { c: 3, d: 2 }, b: 1 }));
    expect(requestKey({ url: '/x', params: { a: 1, b: 2 } })).toBe(requestKey({ method: 'GET', url: '/x', params: { b: 2, a: 1 } }));
  });

  it('tells apart method, url, params and body', () => {
    const base = { method: 'post', url: '/x', params: { a: 1 }, data: '{"id":1}' };
    const key = requestKey(base);
    expect(requestKey({ ...base, method: 'put' })).not.toBe(key);
    expect(requestKey({ ...base, url: '/y' })).not.toBe(key);
    expect(requestKey({ ...base, params: { a: 2 } })).not.toBe(key);
    expect(requestKey({ ...base, data: '{"id":2}' })).not.toBe(key);
    expect(requestKey({ ...base, baseURL: 'https://other.example' })).not.toBe(key);
  });

  it('serialises bodies; uploads and binary bodies cannot be shared', () => {
    expect(serialiseBody(undefined)).toBe('');
    expect(serialiseBody('a=1')).toBe('a=1');
    expect(serialiseBody(new URLSearchParams({ a: '1' }))).toBe('a=1');
    expect(serialiseBody({ b: 1, a: 2 })).toBe('{"a":2,"b":1}');
    expect(serialiseBody(new FormData())).toBeNull();
    expect(serialiseBody(new Blob(['x']))).toBeNull();
    expect(serialiseBody(new Uint8Array(2))).toBeNull();
    expect(requestKey({ url: '/x', data: new FormData() })).toBeNull();
  });

  it('joins baseURL and url like axios', () => {
    expect(fullPath('', '/api/x')).toBe('/api/x');
    expect(fullPath('https://a.example/', '/api/x')).toBe('https://a.example/api/x');
    expect(fullPath('https://a.example', 'https://b.example/y')).toBe('https://b.example/y');
    expect(fullPath('https://a.example', undefined)).toBe('https://a.example');
  });
});
