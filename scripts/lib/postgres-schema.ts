/** The Postgres schema derived from the SQLite one: the provider, the client's folder, a header. */
const HEADER =
  '// GENERATED from prisma/schema.prisma by scripts/postgres-schema.ts: edit that file, then run\n' +
  '// `node --import tsx scripts/postgres-schema.ts` and write a migration for each provider.\n\n';

export function postgresSchema(sqlite: string): string {
  const swaps: [RegExp, string][] = [
    [/provider = "sqlite"/, 'provider = "postgresql"'],
    [
      /output {5}= "\.\.\/apps\/controller\/src\/generated\/prisma"/,
      'output     = "../../apps/controller/src/generated/prisma-pg"',
    ],
  ];
  let out = sqlite;
  for (const [from, to] of swaps) {
    if (!from.test(out))
      throw new Error(`prisma/schema.prisma no longer has ${from.source}: update scripts/lib/postgres-schema.ts`);
    out = out.replace(from, to);
  }
  return HEADER + out;
}
