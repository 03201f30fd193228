'use client';
// /sign-in: user name and password; the server's refusal (wrong password, too many attempts)
// shown as it says it. After signing in, a full page load at the page the user came from, so
// every query and the live connection start over with the new session. When the studio has no
// accounts yet, the first admin is created here with the setup token from the controller console.
// With OIDC configured, "Sign in with <provider>" comes first: a full navigation through the
// controller's /api/auth/oidc-start to the provider and back (local accounts still work below it).
import Link from 'next/link';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { setUpFirstAdmin, signIn } from './auth-api';
import { useSession } from './SessionProvider';
import { safeNextPath } from './session';
import styles from './auth.module.css';

export function SignInPage({ next }: { readonly next: string | undefined }) {
  const { session, error } = useSession();
  const target = safeNextPath(next);
  let body;
  if (session === null)
    body = (
      <p className={styles.muted}>
        {error === null ? 'Asking the studio who you are…' : `The studio is not answering: ${error}`}
      </p>
    );
  else if (session.mode === 'single-user') {
    body = (
      <p>
        This studio runs in single-user mode: there is no sign-in, the local user is admin.{' '}
        <Link href={target}>Continue</Link>
      </p>
    );
  } else if (session.user !== null) {
    body = (
      <p>
        You are signed in as <strong>{session.user.name}</strong> ({session.user.role}).{' '}
        <Link href={target}>Continue</Link>
      </p>
    );
  } else if (session.setupRequired) body = <SetupForm target={target} />;
  else
    body = (
      <>
        {session.oidc ? <OidcSignIn provider={session.oidc.provider} target={target} /> : null}
        <SignInForm target={target} autoFocus={!session.oidc} />
      </>
    );
  return (
    <main className={styles.center}>
      <div className={styles.card}>
        <h1 className={styles.title}>Operator Studio</h1>
        {body}
      </div>
    </main>
  );
}

function useSubmit(target: string, send: () => Promise<void>) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setProblem(null);
    send().then(
      () => window.location.assign(target),
      (err: unknown) => {
        setProblem(err instanceof Error ? err.message : String(err));
        setBusy(false);
      },
    );
  };
  return { busy, problem, onSubmit };
}

/** The server's refusal, if any, and the submit button (both forms end with them). */
function SubmitRow({
  problem,
  busy,
  label,
  busyLabel,
}: {
  readonly problem: string | null;
  readonly busy: boolean;
  readonly label: string;
  readonly busyLabel: string;
}) {
  return (
    <>
      {problem !== null ? (
        <p role="alert" className={styles.error}>
          {problem}
        </p>
      ) : null}
      <button type="submit" className={styles.primary} disabled={busy}>
        {busy ? busyLabel : label}
      </button>
    </>
  );
}

function OidcSignIn({ provider, target }: { readonly provider: string; readonly target: string }) {
  return (
    <div className={styles.form}>
      <a className={styles.primary} href={`/api/auth/oidc-start?next=${encodeURIComponent(target)}`}>
        Sign in with {provider}
      </a>
      <p className={styles.muted}>Or with a local account:</p>
    </div>
  );
}

function SignInForm({ target, autoFocus = true }: { readonly target: string; readonly autoFocus?: boolean }) {
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const { busy, problem, onSubmit } = useSubmit(target, () => signIn(name.trim(), password));
  return (
    <form className={styles.form} onSubmit={onSubmit} aria-labelledby="sign-in-h">
      <h2 id="sign-in-h">Sign in</h2>
      <label className={styles.field}>
        User name
        <input
          name="username"
          autoComplete="username"
          value={name}
          onChange={(e) => setName(e.target.value)}
          required
          autoFocus={autoFocus}
        />
      </label>
      <label className={styles.field}>
        Password
        <input
          name="password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          required
        />
      </label>
      <SubmitRow problem={problem} busy={busy} label="Sign in" busyLabel="Signing in…" />
      <p className={styles.muted}>
        No account? An admin creates one on the Users page or with npx opstudio admin create &lt;name&gt;.
      </p>
    </form>
  );
}

function SetupForm({ target }: { readonly target: string }) {
  const [token, setToken] = useState('');
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const { busy, problem, onSubmit } = useSubmit(target, () => setUpFirstAdmin(token.trim(), name.trim(), password));
  return (
    <form className={styles.form} onSubmit={onSubmit} aria-labelledby="setup-h">
      <h2 id="setup-h">Create the first admin</h2>
      <p className={styles.muted}>
        The studio has no accounts yet. Paste the one-time setup token the controller printed on its console when it
        started (or run npx opstudio admin create &lt;name&gt; --role admin instead).
      </p>
      <label className={styles.field}>
        Setup token
        <input
          name="token"
          autoComplete="off"
          value={token}
          onChange={(e) => setToken(e.target.value)}
          required
          autoFocus
          spellCheck={false}
        />
      </label>
      <label className={styles.field}>
        User name
        <input
          name="username"
          autoComplete="username"
          value={name}
          onChange={(e) => setName(e.target.value)}
          required
        />
      </label>
      <label className={styles.field}>
        Password
        <input
          name="password"
          type="password"
          autoComplete="new-password"
          minLength={12}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          required
        />
      </label>
      <SubmitRow problem={problem} busy={busy} label="Create admin and sign in" busyLabel="Creating…" />
    </form>
  );
}
