import { describe, expect, it } from 'vitest';
import { parseTradesColumnChoices, serializeTradesColumnChoices } from './trades-table-preferences';

describe('the Trades column choices kept across visits', () => {
  it('should read back what was stored', () => {
    const choices = { exitReason: false, pair: true, duration: true };
    expect(parseTradesColumnChoices(serializeTradesColumnChoices(choices))).toEqual(choices);
  });

  it('should keep only real columns with a yes or no, from an old or edited value', () => {
    const stored =
      '{"version":1,"columnChoices":{"fees":false,"notAColumn":false,"side":"no","__proto__":true,"strategy":true}}';
    expect(parseTradesColumnChoices(stored)).toEqual({ fees: false, strategy: true });
  });

  it('should start with none from nothing, text that is not JSON, or JSON of another shape', () => {
    for (const text of [null, '', '{', 'null', '[]', '"fees"', '{"columnChoices":[false]}', '{"columnChoices":null}'])
      expect(parseTradesColumnChoices(text)).toEqual({});
  });
});
