// User names become Kubernetes identities (`opstudio:<name>`) and appear in audit rows and
// logs: keep them to DNS-label characters so they can never smuggle a separator, a newline or
// a path into any of those.
import { isDns1123Label } from '@opstudio/shared/kube/names';

export class InvalidNameError extends Error {
  override readonly name = 'InvalidNameError';
}

export function validateUserName(name: string): string {
  if (!isDns1123Label(name)) {
    throw new InvalidNameError(
      `invalid user name "${name.slice(0, 70)}": use 1-63 lowercase letters, digits and '-', starting and ending with a letter or digit`,
    );
  }
  return name;
}

/** Passwords: at least 12 characters (NIST SP 800-63B asks for 8; this studio holds cluster rights), at most 1024. */
export function validatePassword(password: string): string {
  if (password.length < 12) throw new InvalidNameError('password too short: use at least 12 characters');
  if (password.length > 1024) throw new InvalidNameError('password too long: use at most 1024 characters');
  return password;
}
