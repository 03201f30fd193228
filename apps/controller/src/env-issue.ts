// One line for the first bad environment variable, shared by every env schema of the controller.
import type { z } from 'zod';

/** `<zod message> (check KEY="value")`: what is wrong and which variable to fix. */
export function envIssueText(error: z.ZodError, env: NodeJS.ProcessEnv): string {
  const issue = error.issues[0];
  const key = issue?.path.join('.') ?? 'environment';
  return `${issue?.message ?? 'invalid value'} (check ${key}="${String(env[key] ?? '')}")`;
}
