import { createSseParser } from './sseParser';

describe('createSseParser', () => {
  it('gives each event once its blank line arrives, however the chunks are cut', () => {
    const text = 'data: {"type":"heartbeat"}\n\n: a comment\r\ndata: one\r\ndata: two\r\n\r\nid: 3\nevent: x\ndata:three\n\n';
    for (const size of [1, 2, 3, 7, text.length]) {
      const seen: string[] = [];
      const parser = createSseParser((data) => seen.push(data));
      for (let at = 0; at < text.length; at += size) parser.push(text.slice(at, at + size));
      expect(seen).toEqual(['{"type":"heartbeat"}', 'one\ntwo', 'three']);
    }
  });

  it('holds an unfinished event back and ignores blocks without data', () => {
    const seen: string[] = [];
    const parser = createSseParser((data) => seen.push(data));
    parser.push(': ping\n\nretry: 1000\n\ndata: half');
    expect(seen).toEqual([]);
    parser.push('\n');
    expect(seen).toEqual([]);
    parser.push('\n');
    expect(seen).toEqual(['half']);
  });
});
