/** Runs work atomically: every repository write inside commits together or not at all. Nested calls join the outer unit (a savepoint in SQLite). */
export interface UnitOfWork {
  run<T>(work: () => T): T;
}
