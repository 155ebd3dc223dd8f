import { StartedEarly } from './started-early';

describe('StartedEarly', () => {
  it('hands started work to the first taker with its key, and to nobody after', () => {
    const slot = new StartedEarly<string, number>();
    slot.put('a', 1);
    slot.put('b', 2);
    expect(slot.take('a')).toBe(1);
    expect(slot.take('a')).toBeUndefined();
    expect(slot.take('b')).toBe(2);
  });

  it('keeps the newest work for a key started twice', () => {
    const slot = new StartedEarly<string, number>();
    slot.put('a', 1);
    slot.put('a', 2);
    expect(slot.take('a')).toBe(2);
    expect(slot.take('a')).toBeUndefined();
  });

  it('matches keys by the rule it is given, and keeps work a taker with another key did not match', () => {
    type Key = { client: object; token: string };
    const client = {};
    const slot = new StartedEarly<Key, string>((a, b) => a.client === b.client && a.token === b.token);
    slot.put({ client, token: 't1' }, 'check');
    expect(slot.take({ client, token: 't2' })).toBeUndefined();
    expect(slot.take({ client: {}, token: 't1' })).toBeUndefined();
    expect(slot.take({ client, token: 't1' })).toBe('check');
  });
});
