import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { AuthProvider } from '../features/auth/index.ts';
import { LazyToaster } from '../ui/lazy-toaster.tsx';
import { createQueryClient } from '../lib/query-client.ts';

/**
 * What every screen relies on: the server-state cache, session state and toasts. Tooltips get
 * their provider from AppLayout, where all of them live: Radix Tooltip brings its positioning
 * engine (~14 KB gzipped) that the landing page has no use for.
 */
export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>{children}</AuthProvider>
      <LazyToaster />
    </QueryClientProvider>
  );
}
