// Every ML status call and insight build counts the account's closed trades and wins: without an
// index that is a scan of the account's orders (≈ 40 ms of CPU at 200,000 orders, 480 ms on the event
// loop on a loaded machine, docs/decisions/0048). A partial index over the sells that sold something,
// holding the columns the count reads, answers it from the index alone; buys and unfilled orders
// are not in it, so they cost nothing more to write.
export const closedSellsIndexMigration = {
  id: 19,
  name: 'orders: partial covering index on closed sells per account',
  sql: `
    CREATE INDEX orders_closed_sells ON orders(account, created_at, side, filled_quantity, realised_pnl_paise, charges_paise)
      WHERE side = 'SELL' AND filled_quantity > 0;
  `,
};
