// OPSTUDIO_HISTORY_RETENTION: how many reconcile runs to keep per object (default 1000).
// Parsed once at start-up by whoever builds the HistoryStore.
import { z } from 'zod';

const schema = z.coerce
  .number({ error: 'OPSTUDIO_HISTORY_RETENTION must be a whole number of runs to keep per object, e.g. 1000' })
  .int('OPSTUDIO_HISTORY_RETENTION must be a whole number of runs to keep per object, e.g. 1000')
  .min(1, 'OPSTUDIO_HISTORY_RETENTION must be at least 1');

export function historyRetentionFromEnv(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.OPSTUDIO_HISTORY_RETENTION;
  if (raw === undefined || raw.trim() === '') return 1000;
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw new Error(`${parsed.error.issues[0]?.message ?? 'invalid'} (got "${raw}")`);
  return parsed.data;
}
