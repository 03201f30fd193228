'use client';
// Decides what a page shows from the session: in multi-user mode a signed-out browser is sent to
// /sign-in (remembering where it was) and sees no page, no navigation and no live connection,
// so nothing asks the API before signing in. The sign-in page itself renders without the shell.
// In single-user mode a browser without the launch token gets the page that says how to get in.
import Link from 'next/link';
import { usePathname, useRouter } from 'next/navigation';
import { useEffect } from 'react';
import type { ReactNode } from 'react';
import { useSession } from './SessionProvider';
import { LaunchTokenPage } from './LaunchTokenPage';
import { needsLaunchToken, needsSignIn, SIGN_IN_PATH, signInHref } from './session';
import styles from './auth.module.css';

interface Props {
  /** The page inside the studio's frame (shell, live connection). */
  readonly children: ReactNode;
  /** The same page without the frame: the sign-in page. */
  readonly bare: ReactNode;
}

export function AuthGate({ children, bare }: Props) {
  const { session } = useSession();
  const pathname = usePathname();
  const router = useRouter();
  const onSignIn = pathname === SIGN_IN_PATH;
  const away = session !== null && needsSignIn(session) && !onSignIn;
  const target = signInHref(pathname);

  useEffect(() => {
    // the query and hash too (read here, not with useSearchParams, which would need a Suspense boundary in the root layout)
    if (away) router.replace(signInHref(`${window.location.pathname}${window.location.search}${window.location.hash}`));
  }, [away, router]);

  if (session !== null && needsLaunchToken(session)) return <LaunchTokenPage />;
  if (onSignIn) return bare;
  if (away) {
    return (
      <main className={styles.center}>
        <p>
          Sign-in required: <Link href={target}>go to the sign-in page</Link>.
        </p>
      </main>
    );
  }
  return children;
}
