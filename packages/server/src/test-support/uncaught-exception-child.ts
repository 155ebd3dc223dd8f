/**
 * The child of process-policy.test.ts: the real process under the policy, with a real file database.
 * A rejected promise nobody awaits, then a timer that throws; prints what happened, one word a line.
 * Usage: node --import tsx uncaught-exception-child.ts <database file>
 */

import { installProcessPolicy } from '../runtime/process-policy';
import { openDatabase } from '../storage/sqlite/database';

const file = process.argv[2];
if (!file) throw new Error('Usage: uncaught-exception-child.ts <database file>');
const db = openDatabase(file);
installProcessPolicy({
  events: process,
  log: {
    error: (_context: object, message: string) => console.log(`error ${message}`),
    fatal: (_context: object, message: string) => console.log(`fatal ${message}`),
  } as never,
  close: () => {
    db.close();
    console.log(`closed ${db.open ? 'no' : 'yes'}`);
  },
  exit: (code) => process.exit(code),
});
void Promise.reject(new Error('nobody awaited this'));
setTimeout(() => console.log('alive'), 20);
setTimeout(() => {
  throw new Error('a timer threw');
}, 40);
