/**
 * Applies the committed migrations to the database DATABASE_URL names (SQLite file or Postgres):
 *   DATABASE_URL=postgresql://user:pass@host:5432/studio node --import tsx scripts/migrate.ts
 * npm start does this for its own database; a deployment runs it before the controller starts.
 */
import { migrate, redacted } from './lib/db';

const url = process.env.DATABASE_URL;
if (url === undefined || url.trim() === '') {
  console.error('set DATABASE_URL to the studio database (file:/path/studio.db or postgresql://…)');
  process.exit(2);
}
await migrate(url.trim());
console.log(`migrated ${redacted(url.trim())}`);
