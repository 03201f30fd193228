/**
 * `opstudio admin …`: local accounts for multi-user mode, in the studio's database
 * (DATABASE_URL, else <data dir>/studio.db).
 *   admin create <name> [--role viewer|editor|admin]   password from stdin, else a generated one printed once
 *   admin password <name>                              new password (stdin or generated); ends their sessions
 *   admin role <name> <role>
 *   admin delete <name>
 *   admin list [-o json|yaml]
 * Exit codes: 0 done, 2 bad input, 3 the database failed.
 */
import { AuthError, AuthService, parseRole } from '../auth';
import { generatePassword } from '../auth/password';
import { loadConfig } from '../config';
import { checkDb, openDb } from '../db';
import { helpText, parseOrExit } from './args';
import { commandSpec } from './commands';
import { formatOutput, outputFormat } from './output';

const SPEC = commandSpec('admin');
const USAGE = helpText(SPEC);

/** `admin list -o json|yaml`: the accounts, by name. */
export interface AdminListOutput {
  readonly users: readonly { readonly name: string; readonly role: 'viewer' | 'editor' | 'admin' }[];
}

export interface AdminIo {
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
  /** The piped password, or undefined when stdin is a terminal (then one is generated). */
  readonly readPassword: () => Promise<string | undefined>;
}

const processIo: AdminIo = {
  stdout: (t) => process.stdout.write(t),
  stderr: (t) => process.stderr.write(t),
  readPassword: async () => {
    if (process.stdin.isTTY) return undefined;
    const chunks: Buffer[] = [];
    for await (const chunk of process.stdin as AsyncIterable<Buffer>) chunks.push(chunk);
    const text = Buffer.concat(chunks)
      .toString('utf8')
      .replace(/\r?\n$/, '');
    return text === '' ? undefined : text;
  },
};

export async function adminCommand(
  args: string[],
  io: AdminIo = processIo,
  databaseUrl = loadConfig().databaseUrl,
): Promise<number> {
  const parsed = parseOrExit(SPEC, args, io);
  if (typeof parsed === 'number') return parsed;
  const [sub, name, extra] = parsed.positionals;
  const roleFlag = typeof parsed.values.role === 'string' ? parsed.values.role : undefined;
  const output = outputFormat(parsed.values);
  if (output !== undefined && sub !== 'list') {
    io.stderr('opstudio admin: -o only applies to `opstudio admin list`\n');
    return 2;
  }
  const db = openDb(databaseUrl);
  try {
    await checkDb(db);
    const auth = new AuthService(db);
    const needName = (): string => {
      if (name === undefined) throw new UsageError(`admin ${sub}: missing <name>`);
      return name;
    };
    switch (sub) {
      case 'create': {
        const role = parseRole(roleFlag ?? 'viewer');
        const { password, generated } = await passwordFrom(io);
        const user = await auth.createUser(needName(), password, role);
        io.stdout(`created ${user.name} (${user.role})\n`);
        if (generated) io.stdout(`password (shown once, store it now): ${password}\n`);
        return 0;
      }
      case 'password': {
        const { password, generated } = await passwordFrom(io);
        await auth.setPassword(needName(), password);
        io.stdout(`password of ${needName()} changed; their sessions are ended\n`);
        if (generated) io.stdout(`password (shown once, store it now): ${password}\n`);
        return 0;
      }
      case 'role': {
        if (extra === undefined) throw new UsageError('admin role: missing <role> (viewer, editor or admin)');
        const user = await auth.setRole(needName(), parseRole(extra));
        io.stdout(`${user.name} is now ${user.role}\n`);
        return 0;
      }
      case 'delete':
        await auth.deleteUser(needName());
        io.stdout(`deleted ${needName()} and their sessions\n`);
        return 0;
      case 'list': {
        const users = await auth.listUsers();
        if (output !== undefined) {
          const out: AdminListOutput = { users: users.map((u) => ({ name: u.name, role: u.role })) };
          io.stdout(formatOutput(output, out));
          return 0;
        }
        io.stdout(
          users.length === 0
            ? 'no accounts yet: opstudio admin create <name> --role admin\n'
            : users.map((u) => `${u.name}\t${u.role}\n`).join(''),
        );
        return 0;
      }
      default:
        throw new UsageError(`admin: unknown subcommand '${sub}'`);
    }
  } catch (err) {
    if (err instanceof UsageError) {
      io.stderr(`opstudio ${err.message}\n${USAGE}`);
      return 2;
    }
    if (
      err instanceof AuthError ||
      err instanceof RangeError ||
      (err instanceof Error && err.name === 'InvalidNameError')
    ) {
      io.stderr(`opstudio admin: ${err.message}\n`);
      return 2;
    }
    io.stderr(`opstudio admin: ${err instanceof Error ? err.message : String(err)}\n`);
    return 3;
  } finally {
    await db.$disconnect();
  }
}

class UsageError extends Error {}

async function passwordFrom(io: AdminIo): Promise<{ password: string; generated: boolean }> {
  const piped = await io.readPassword();
  return piped === undefined
    ? { password: generatePassword(), generated: true }
    : { password: piped, generated: false };
}
