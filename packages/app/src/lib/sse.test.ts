import { describe, expect, it } from 'vitest';
import { SseParser } from './sse';

describe('given the SSE parser', () => {
  it('should return whole events across chunk boundaries', () => {
    const parser = new SseParser();
    expect(parser.push('event: candle\ndata: {"a"')).toEqual([]);
    expect(parser.push(':1}\n\nevent: signal\r\ndata: 2\r\n\r\n')).toEqual([
      { event: 'candle', data: '{"a":1}' },
      { event: 'signal', data: '2' },
    ]);
  });

  it('should skip heartbeats, join multi-line data and read retry and id', () => {
    const parser = new SseParser();
    expect(parser.push(': ping\n\nretry: 2000\nid: 7\ndata: a\ndata: b\n\n')).toEqual([
      { event: 'message', data: 'a\nb', id: '7' },
    ]);
    expect(parser.retry).toBe(2000);
  });
});
