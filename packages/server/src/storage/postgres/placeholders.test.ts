import { bindValues, numberPlaceholders } from './placeholders';

describe('numbering the repositories parameters for PostgreSQL', () => {
  it('numbers ? parameters in order and leaves quoted text alone', () => {
    const { text, order } = numberPlaceholders('SELECT * FROM t WHERE a = ? AND b = \'what?\' AND "c?" = ?');
    expect(text).toBe('SELECT * FROM t WHERE a = $1 AND b = \'what?\' AND "c?" = $2');
    expect(bindValues(order, [1, 'x'])).toEqual([1, 'x']);
  });

  it('binds @name parameters from one object, a repeated name once', () => {
    const { text, order } = numberPlaceholders('UPDATE t SET a = @a, b = @b WHERE id = @id OR parent = @id');
    expect(text).toBe('UPDATE t SET a = $1, b = $2 WHERE id = $3 OR parent = $3');
    expect(bindValues(order, [{ id: 'x', a: 1, b: null }])).toEqual([1, null, 'x']);
  });

  it('keeps escaped quotes inside text and an e-mail address in a literal', () => {
    const { text } = numberPlaceholders("SELECT 'it''s @home?' AS s, ? AS n");
    expect(text).toBe("SELECT 'it''s @home?' AS s, $1 AS n");
  });

  it('sends undefined as NULL and a bigint as text, and names a missing parameter', () => {
    const { order } = numberPlaceholders('VALUES (?, ?)');
    expect(bindValues(order, [undefined, 12n])).toEqual([null, '12']);
    expect(() => bindValues(numberPlaceholders('VALUES (@a)').order, [{}])).toThrow(
      'Missing named parameter "a"',
    );
  });
});
