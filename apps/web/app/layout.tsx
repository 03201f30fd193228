import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import { AuthGate, SessionProvider } from '../features/auth';
import { serverSession } from '../features/auth/server-session';
import { ClusterScope } from '../features/cluster/ClusterScope';
import { LiveProvider } from '../features/live/LiveProvider';
import { AppShell } from '../features/shell/AppShell';
import { themeScript } from '../features/theme/theme';
import './globals.css';

export const metadata: Metadata = {
  title: 'Operator Studio',
  description: 'Design, install and watch Kubernetes operators',
};

export default async function RootLayout({ children }: { readonly children: ReactNode }) {
  // who is asking, known before the first byte of HTML: the role decides which buttons exist
  const session = await serverSession();
  return (
    // suppressHydrationWarning: the theme script sets data-theme on <html> before React hydrates it
    <html lang="en" suppressHydrationWarning>
      <head>
        {/* before the first paint, so a dark page never flashes light (the app sets no CSP; with one, hash this text) */}
        <script dangerouslySetInnerHTML={{ __html: themeScript() }} />
      </head>
      <body>
        {/* the URL's cluster: the API client, its cache and the live state below are per cluster */}
        <ClusterScope>
          <SessionProvider initial={session}>
            <AuthGate bare={children}>
              <LiveProvider>
                <AppShell>{children}</AppShell>
              </LiveProvider>
            </AuthGate>
          </SessionProvider>
        </ClusterScope>
      </body>
    </html>
  );
}
