import type {
  AccountId,
  Charges,
  Fill,
  Order,
  OrderSide,
  OrderStatus,
  OrderType,
  Position,
  Product,
} from '../../core/orders';

/** Column lists and row → model mapping, so every query reads the same shape. */
export const ORDER_COLUMNS =
  'id, account, symbol, side, type, quantity, limit_price_paise, status, reject_reason, strategy, simulated_replay, filled_quantity, average_price_paise, charges_paise, realised_pnl_paise, created_at, updated_at, product, idempotency_key';
export const FILL_COLUMNS = 'id, order_id, symbol, side, quantity, price_paise, charges_json, ts, product';
export const POSITION_COLUMNS = 'symbol, quantity, cost_paise, realised_pnl_paise, opened_at, updated_at';

export interface OrderRow {
  id: string;
  account: AccountId;
  symbol: string;
  side: OrderSide;
  type: OrderType;
  quantity: number;
  limit_price_paise: number | null;
  status: OrderStatus;
  reject_reason: string | null;
  strategy: string;
  simulated_replay: number;
  filled_quantity: number;
  average_price_paise: number | null;
  charges_paise: number;
  realised_pnl_paise: number;
  created_at: number;
  updated_at: number;
  product: Product;
  idempotency_key: string | null;
}

export interface FillRow {
  id: string;
  order_id: string;
  symbol: string;
  side: OrderSide;
  quantity: number;
  price_paise: number;
  charges_json: string;
  ts: number;
  product: Product;
}

export interface PositionRow {
  symbol: string;
  quantity: number;
  cost_paise: number;
  realised_pnl_paise: number;
  opened_at: number;
  updated_at: number;
}

export function orderFromRow(row: OrderRow): Order {
  return {
    id: row.id,
    account: row.account,
    symbol: row.symbol,
    side: row.side,
    type: row.type,
    quantity: row.quantity,
    limitPrice: row.limit_price_paise,
    product: row.product,
    status: row.status,
    rejectReason: row.reject_reason,
    strategy: row.strategy,
    simulatedReplay: row.simulated_replay === 1,
    filledQuantity: row.filled_quantity,
    averagePrice: row.average_price_paise,
    chargesPaise: row.charges_paise,
    realisedPnlPaise: row.realised_pnl_paise,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    ...(row.idempotency_key === null ? {} : { idempotencyKey: row.idempotency_key }),
  };
}

export function fillFromRow(row: FillRow): Fill {
  return {
    id: row.id,
    orderId: row.order_id,
    symbol: row.symbol,
    side: row.side,
    quantity: row.quantity,
    price: row.price_paise,
    product: row.product,
    charges: JSON.parse(row.charges_json) as Charges,
    ts: row.ts,
  };
}

export function positionFromRow(row: PositionRow): Position {
  return {
    symbol: row.symbol,
    quantity: row.quantity,
    costPaise: row.cost_paise,
    realisedPnlPaise: row.realised_pnl_paise,
    openedAt: row.opened_at,
    updatedAt: row.updated_at,
  };
}
