/** Where things live: the repo root, the data folder (git-ignored) and per-profile settings. */
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const dataDir = process.env.OPSTUDIO_DATA_DIR
  ? path.resolve(process.env.OPSTUDIO_DATA_DIR)
  : path.join(repoRoot, 'data');

export interface Profile {
  name: 'dev' | 'test' | 'bench';
  webPort: number;
  controllerPort: number;
  databaseFile: string;
}

export const profiles: Record<Profile['name'], Profile> = {
  dev: { name: 'dev', webPort: 3000, controllerPort: 3001, databaseFile: path.join(dataDir, 'studio.db') },
  test: { name: 'test', webPort: 3100, controllerPort: 3101, databaseFile: path.join(dataDir, 'test', 'studio.db') },
  bench: { name: 'bench', webPort: 3200, controllerPort: 3201, databaseFile: path.join(dataDir, 'bench', 'studio.db') },
};

/** The profile's database: its SQLite file, or for `npm start` the DATABASE_URL the user set (e.g. Postgres). */
export const databaseUrl = (p: Profile, env: NodeJS.ProcessEnv = process.env): string =>
  p.name === 'dev' && env.DATABASE_URL !== undefined && env.DATABASE_URL.trim() !== ''
    ? env.DATABASE_URL.trim()
    : `file:${p.databaseFile}`;
