import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createTestDatabase } from '../test-support/postgres';
import { openStorage } from './open-storage';

// readerFile: the file a second thread may open to read (the analytics rebuild worker), only for
// an embedded database that is a file.

describe('the store a worker thread can read', () => {
  it('is the embedded database file, as an absolute path', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'td-open-storage-'));
    const relative = path.relative(process.cwd(), path.join(dir, 'trading.db'));
    const storage = openStorage({ databaseFile: relative });
    try {
      expect(storage.readerFile).toBe(path.join(dir, 'trading.db'));
    } finally {
      storage.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("is none for ':memory:', which no other connection can open", () => {
    const storage = openStorage({ databaseFile: ':memory:' });
    expect(storage.readerFile).toBeNull();
    storage.close();
  });

  it('is none on PostgreSQL, whose rebuild stays in slices on the event loop', async () => {
    const database = await createTestDatabase();
    try {
      const storage = openStorage({ databaseUrl: database.url, databaseFile: ':memory:' });
      expect(storage.readerFile).toBeNull();
      storage.close();
    } finally {
      await database.drop();
    }
  });
});
