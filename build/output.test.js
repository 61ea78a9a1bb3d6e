const { expect, it } = require('@jest/globals');
const path = require('path');
const { outputFor, entryFilename } = require('./output');

it('hashes entry files only once the content hash exists', () => {
  expect(entryFilename({ chunk: { contentHash: { javascript: 'abc' } } })).toBe('[name].[contenthash:10].js');
  expect(entryFilename({ chunk: { contentHash: {} } })).toBe('[name].js');
  expect(entryFilename(undefined)).toBe('[name].js');
});

it('writes to dist/, hashed in production, the host at the root and a remote where it is found', () => {
  const host = outputFor({ name: 'shell', dir: '/repo/shell', isProd: true, isHost: true });
  expect(host).toEqual(expect.objectContaining({ path: path.join('/repo/shell', 'dist'), publicPath: '/', uniqueName: 'shell' }));
  expect(host.chunkFilename).toBe('[name].[contenthash:10].js');
  const remote = outputFor({ name: 'remote_x', dir: '/repo/remote-x', isProd: false, isHost: false });
  expect(remote).toEqual(expect.objectContaining({ filename: '[name].js', chunkFilename: '[name].js', publicPath: 'auto' }));
});
