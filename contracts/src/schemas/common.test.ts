import { Value } from 'typebox/value';
import { Envelope, ErrorEnvelope, Id, parseId } from './common';
import { Type } from 'typebox';

describe('common schemas', () => {
  it('accepts ids from 1 to the int4 maximum only', () => {
    expect(Value.Check(Id(), 1)).toBe(true);
    expect(Value.Check(Id(), 2_147_483_647)).toBe(true);
    expect(Value.Check(Id(), 0)).toBe(false);
    expect(Value.Check(Id(), 2_147_483_648)).toBe(false);
    expect(parseId('42')).toBe(42);
    expect(parseId('042x')).toBeUndefined();
    expect(parseId('2147483648')).toBeUndefined();
  });

  it('describes the success and error envelopes of spec section 7', () => {
    expect(Value.Check(Envelope(Type.String()), { code: 200, data: 'x', message: 'ok' })).toBe(true);
    expect(Value.Check(ErrorEnvelope, { code: 404, data: { error: 'article_not_found' }, message: 'Not found' })).toBe(true);
    expect(Value.Check(ErrorEnvelope, { code: 404, data: {}, message: 'Not found' })).toBe(false);
  });
});
