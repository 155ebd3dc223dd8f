/** A ledger refusal: the message is a sentence a trader can read, and nothing was written. */
export class LedgerError extends Error {
  override readonly name = 'LedgerError';
}
