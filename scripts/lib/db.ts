/** Applies the committed Prisma migrations to a database (never `migrate dev`: see ARCHITECTURE.md). */
import fs from 'node:fs';
import path from 'node:path';
import { run } from './proc';

export async function migrate(databaseFile: string): Promise<void> {
  fs.mkdirSync(path.dirname(databaseFile), { recursive: true });
  const code = await run('npx', ['--no-install', 'prisma', 'migrate', 'deploy'], {
    env: { DATABASE_URL: `file:${databaseFile}`, CHECKPOINT_DISABLE: '1' },
    quiet: true,
  });
  if (code !== 0)
    throw new Error(
      `database migration failed for ${databaseFile}: run 'DATABASE_URL=file:${databaseFile} npx prisma migrate deploy' to see why`,
    );
}
