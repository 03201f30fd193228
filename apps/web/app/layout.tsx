import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import { LiveProvider } from '../features/live/LiveProvider';
import { AppShell } from '../features/shell/AppShell';
import { ApiProvider } from '../trpc/client';
import './globals.css';

export const metadata: Metadata = {
  title: 'Operator Studio',
  description: 'Design, install and watch Kubernetes operators',
};

export default function RootLayout({ children }: { readonly children: ReactNode }) {
  return (
    <html lang="en">
      <body>
        <ApiProvider>
          <LiveProvider>
            <AppShell>{children}</AppShell>
          </LiveProvider>
        </ApiProvider>
      </body>
    </html>
  );
}
