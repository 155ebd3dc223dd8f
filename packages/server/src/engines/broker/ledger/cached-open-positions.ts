import type { AccountId, Position } from '../../../core/orders';
import type { LedgerRepository } from '../../../core/ports/repositories/ledger';
import type { LedgerStorage } from './ledger-types';

/**
 * The storage with each account's open positions read once and kept until a write moves them: a
 * backtest's loop asks for them several times a replayed minute (equity, sizing, exits, each order)
 * while they change only on a fill. For a ledger no one else writes: a backtest's own.
 *
 * A write drops the account's copy; so does a unit of work that throws, since a rolled-back write
 * may have been read back inside it. The positions handed out are frozen: callers only read them.
 */
export function withCachedOpenPositions(storage: LedgerStorage): LedgerStorage {
  const repo = storage.ledgerRepo;
  const kept = new Map<AccountId, readonly Position[]>();
  const cached: LedgerRepository = Object.create(repo);
  cached.openPositions = (account) => {
    let positions = kept.get(account);
    if (!positions) {
      positions = repo.openPositions(account).map((position) => Object.freeze(position));
      kept.set(account, positions);
    }
    return [...positions];
  };
  cached.addToPosition = (account, symbol, buy) => {
    kept.delete(account);
    repo.addToPosition(account, symbol, buy);
  };
  cached.takeFromPosition = (account, symbol, sale) => {
    kept.delete(account);
    repo.takeFromPosition(account, symbol, sale);
  };
  cached.removePositions = (account) => {
    kept.delete(account);
    repo.removePositions(account);
  };
  return {
    ...storage,
    ledgerRepo: cached,
    unitOfWork: {
      run: (work) => {
        try {
          return storage.unitOfWork.run(work);
        } catch (error) {
          kept.clear();
          throw error;
        }
      },
    },
  };
}
