/**
 * Rewrites the repositories' `?` and `@name` parameters as PostgreSQL's `$1, $2, …`, leaving quoted
 * text and identifiers alone. Named parameters read their values from one object, as better-sqlite3
 * binds them; a name used twice is bound once.
 */
export interface NumberedSql {
  text: string;
  /** For each `$n`: the position of a `?` parameter, or the name of an `@name` one. */
  order: (number | string)[];
}

export function numberPlaceholders(sql: string): NumberedSql {
  const order: (number | string)[] = [];
  let text = '';
  let positional = 0;
  let i = 0;
  while (i < sql.length) {
    const ch = sql[i] as string;
    if (ch === "'" || ch === '"') {
      const end = closingQuote(sql, i);
      text += sql.slice(i, end);
      i = end;
    } else if (ch === '?') {
      order.push(positional++);
      text += `$${order.length}`;
      i += 1;
    } else if (ch === '@' && /[A-Za-z_]/.test(sql[i + 1] ?? '')) {
      const name = /^[A-Za-z_][A-Za-z0-9_]*/.exec(sql.slice(i + 1))?.[0] as string;
      const seen = order.indexOf(name);
      if (seen >= 0) text += `$${seen + 1}`;
      else {
        order.push(name);
        text += `$${order.length}`;
      }
      i += 1 + name.length;
    } else {
      text += ch;
      i += 1;
    }
  }
  return { text, order };
}

function closingQuote(sql: string, start: number): number {
  const quote = sql[start];
  let i = start + 1;
  while (i < sql.length) {
    if (sql[i] === quote) {
      if (sql[i + 1] === quote) i += 2;
      else return i + 1;
    } else i += 1;
  }
  return sql.length;
}

/** The values for `$1…$n` from the arguments a statement was called with. */
export function bindValues(order: readonly (number | string)[], args: readonly unknown[]): unknown[] {
  const named = args.length === 1 && isRecord(args[0]) ? args[0] : undefined;
  return order.map((slot) => {
    const value = typeof slot === 'number' ? args[slot] : named?.[slot];
    if (typeof slot === 'string' && (!named || !(slot in named)))
      throw new Error(`Missing named parameter "${slot}"`);
    return value === undefined ? null : typeof value === 'bigint' ? value.toString() : value;
  });
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return (
    typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Uint8Array)
  );
}
