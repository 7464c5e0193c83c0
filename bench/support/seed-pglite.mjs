// Prepares a PGlite data directory for the embedded-database benchmark: migrated, the demo data, and the
// scale seed's 100,000 customers (the list's table). Run with `node --import tsx`; argument: the directory.
import { migrateDatabase, openDatabase } from '../../apps/server/src/db/client.ts';
import { seedDemo } from '../../apps/server/src/seed/index.ts';
import { seedScale } from '../../apps/server/src/seed/scale.ts';

const database = await openDatabase({ dataDir: process.argv[2] });
try {
  await migrateDatabase(database);
  await seedDemo(database.db);
  await seedScale(database.db, (s) => console.log(`  PGlite ${s.label}: ${s.ms} ms`), { customersOnly: true });
} finally {
  await database.close();
}
