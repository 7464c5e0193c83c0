import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { migrateDatabase, openDatabase } from '../src/db/client';

/**
 * The backup of the embedded database as docs/operations.md tells it ("Backup and restore"): stop the
 * portal, archive DATA_DIR with tar, and restore by unpacking the archive as the new DATA_DIR.
 */
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'fc-backup-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

describe('backup and restore of the embedded database (DATA_DIR)', () => {
  it('an archive of a stopped portal’s DATA_DIR restores every row', async () => {
    const dataDir = path.join(work, 'data');
    const database = await openDatabase({ dataDir });
    await migrateDatabase(database);
    await database.query(
      `insert into users (username, password_hash, account_type, full_name) values ('backup-probe', 'x', 0, 'Backup Probe')`,
    );
    await database.close();
    expect(fs.existsSync(path.join(dataDir, 'portal.lock')), 'the portal released its lock').toBe(false);

    const archive = path.join(work, 'portal-data.tar.gz');
    execFileSync('tar', ['-czf', archive, '-C', dataDir, '.']);
    const restored = path.join(work, 'restored');
    fs.mkdirSync(restored);
    execFileSync('tar', ['-xzf', archive, '-C', restored]);

    const copy = await openDatabase({ dataDir: restored });
    try {
      await migrateDatabase(copy);
      const { rows } = await copy.query<{ full_name: string }>(`select full_name from users where username = 'backup-probe'`);
      expect(rows).toEqual([{ full_name: 'Backup Probe' }]);
    } finally {
      await copy.close();
    }
    // Two on-disk PGlite databases, one migrated: over a minute on a busy 2-core machine.
  }, 300_000);
});
