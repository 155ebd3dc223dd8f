/** A ledger refusal: the message is a sentence a trader can read, and nothing was written. */
export class LedgerError extends Error {
  override readonly name = 'LedgerError';
}

/**
 * The ledger's last line of defence refused and wrote nothing: 422 with its sentence, and a warn
 * line. Shaped as http's `ErrorMapping` without importing it, so the broker does not depend on http.
 */
export const ledgerErrorMapping = {
  matches: (error: unknown): boolean => error instanceof LedgerError,
  status: 422,
  code: 'ledger_refused',
  log: 'warn' as const,
  logLine: 'the ledger refused a request',
};
