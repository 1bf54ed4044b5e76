import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppRouter } from './router.tsx';
import { Providers } from './providers.tsx';

/** Renders the React app into `container`; app/boot.ts decides when (ADR 0054). */
export function startApp(container: HTMLElement): void {
  createRoot(container).render(
    <StrictMode>
      <Providers>
        <AppRouter />
      </Providers>
    </StrictMode>,
  );
}
