'use client';
// The signed-in user in the header (multi-user mode only): name, role and "Sign out". Signing
// out ends the session on the controller and reloads at the sign-in page, so no page state or
// cached answer of the previous user survives.
import { useState } from 'react';
import { signOut } from './auth-api';
import { useSession } from './SessionProvider';
import { SIGN_IN_PATH } from './session';
import styles from './auth.module.css';

export function UserMenu() {
  const { session } = useSession();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  if (session?.mode !== 'multi-user' || session.user === null) return null;
  const { name, role } = session.user;
  const onSignOut = async () => {
    setBusy(true);
    setProblem(null);
    try {
      await signOut();
      window.location.assign(SIGN_IN_PATH);
    } catch (err) {
      setProblem((err as Error).message);
      setBusy(false);
    }
  };
  return (
    <span className={styles.user}>
      <span>
        Signed in as <strong>{name}</strong> <span className={styles.role}>{role}</span>
      </span>
      <button type="button" className={styles.linkButton} onClick={() => void onSignOut()} disabled={busy}>
        Sign out
      </button>
      {problem !== null ? (
        <span role="alert" className={styles.error}>
          {problem}
        </span>
      ) : null}
    </span>
  );
}
