// ML ensemble (issue 15): every prediction with what it saw and, once its horizon passed, how it
// resolved; each model's learned state, Hedge weight and track record; the online-learning counters.
export const mlMigration = {
  id: 7,
  name: 'ml: predictions, model state, learning counters',
  sql: `
    CREATE TABLE ml_predictions (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      symbol TEXT NOT NULL,
      made_at INTEGER NOT NULL,
      due_at INTEGER NOT NULL,
      horizon_minutes INTEGER NOT NULL,
      price_paise INTEGER NOT NULL,
      probability REAL NOT NULL,
      direction TEXT NOT NULL CHECK (direction IN ('UP', 'DOWN')),
      confidence REAL NOT NULL,
      votes TEXT NOT NULL,
      observation TEXT NOT NULL,
      explanation TEXT NOT NULL,
      resolved_at INTEGER,
      outcome_price_paise INTEGER,
      outcome_up INTEGER CHECK (outcome_up IN (0, 1)),
      correct INTEGER CHECK (correct IN (0, 1))
    );
    CREATE INDEX ml_predictions_due ON ml_predictions(resolved_at, due_at);
    CREATE INDEX ml_predictions_symbol ON ml_predictions(symbol, made_at);
    CREATE TABLE ml_models (
      name TEXT PRIMARY KEY,
      state TEXT NOT NULL,
      weight REAL NOT NULL,
      resolved INTEGER NOT NULL DEFAULT 0,
      correct INTEGER NOT NULL DEFAULT 0,
      up_calls INTEGER NOT NULL DEFAULT 0,
      up_wins INTEGER NOT NULL DEFAULT 0,
      updated_at INTEGER NOT NULL
    );
    CREATE TABLE ml_learning (
      id INTEGER PRIMARY KEY CHECK (id = 1),
      counters TEXT NOT NULL,
      model_rebalances INTEGER NOT NULL DEFAULT 0,
      updated_at INTEGER NOT NULL
    );
  `,
};
