import { describe, expect, it } from 'vitest';
import { createDatabase } from './platform/db/client.js';
import { databaseReadyLine, migrateAnnounced, migrationState, preparingDatabaseLine } from './startup.js';

describe('what a start says while it prepares the database', () => {
  it('announces a first start, new migrations, and nothing when the database is current', () => {
    expect(preparingDatabaseLine({ applied: 0, committed: 30 }, true)).toBe(
      'Preparing the database (first start: migrating and adding the demo data)… this can take a few minutes.',
    );
    expect(preparingDatabaseLine({ applied: 0, committed: 30 }, false)).toBe(
      'Preparing the database (first start: applying 30 migrations)…',
    );
    expect(preparingDatabaseLine({ applied: 29, committed: 30 }, true)).toBe(
      'Applying 1 new database migration…',
    );
    expect(preparingDatabaseLine({ applied: 27, committed: 30 }, true)).toBe(
      'Applying 3 new database migrations…',
    );
    expect(preparingDatabaseLine({ applied: 30, committed: 30 }, true)).toBeNull();
    expect(databaseReadyLine(83_450)).toBe('The database is ready (83.5 s).');
  });

  it('tells before migrating an empty database, and not again once it is migrated', async () => {
    const database = createDatabase({ dataDir: 'memory://' });
    try {
      const announced: { applied: number; committed: number }[] = [];
      await migrateAnnounced(database, (state) => announced.push(state));
      expect(announced).toHaveLength(1);
      expect(announced[0]!.applied).toBe(0);
      expect(announced[0]!.committed).toBeGreaterThan(0);

      const state = await migrationState(database);
      expect(state.applied).toBe(state.committed);
      await migrateAnnounced(database, (again) => announced.push(again));
      expect(announced).toHaveLength(1);
    } finally {
      await database.close();
    }
  }, 120_000);
});
