import { describe, expect, it } from 'vitest';

import { classifyAnswer, retryAfterHeader } from './http';

describe('retryAfterHeader', () => {
  const now = Date.UTC(2026, 10, 24, 12, 0, 0);
  it.each([
    ['5', 5_000],
    ['0', 0],
    ['1.5', 1_500],
    ['Tue, 24 Nov 2026 12:00:30 GMT', 30_000],
    ['Tue, 24 Nov 2026 11:00:00 GMT', 0],
    ['soon', null],
    ['', null],
    [undefined, null],
  ])('%s -> %s ms', (value, expected) => {
    expect(retryAfterHeader(value, now)).toBe(expected);
  });
});

describe('classifyAnswer', () => {
  const answer = (status: number, headers: Record<string, string> = {}) => ({
    status,
    headers,
    body: 'private detail',
  });
  it.each([
    [200, true, false],
    [201, true, false],
    [204, true, false],
    [301, false, true],
    [308, false, true],
    [400, false, true],
    [401, false, true],
    [404, false, true],
    [408, false, false],
    [410, false, true],
    [413, false, true],
    [429, false, false],
    [500, false, false],
    [503, false, false],
  ])('HTTP %i: ok %s, permanent %s, and the body never in the error', (status, ok, permanent) => {
    const result = classifyAnswer(answer(status), 'hooks.example.com', 12);
    expect(result).toMatchObject({ ok, permanent, status, durationMs: 12 });
    expect(result.error ?? '').not.toContain('private detail');
  });

  it('keeps Retry-After only for retryable answers', () => {
    expect(classifyAnswer(answer(503, { 'retry-after': '120' }), 'x', 1).retryAfterMs).toBe(120_000);
    expect(classifyAnswer(answer(400, { 'retry-after': '120' }), 'x', 1).retryAfterMs).toBeNull();
  });
});
