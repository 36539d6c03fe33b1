import { Component, lazy, Suspense, type ComponentType, type ReactNode } from 'react';

/** Spec point 9: a lazily loaded chunk that has not arrived after 120 s is an error. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

export class ChunkLoadTimeoutError extends Error {
  constructor(timeoutMs: number) {
    super(`This part of the page did not load within ${Math.round(timeoutMs / 1000)} seconds.`);
    this.name = 'ChunkLoadTimeoutError';
  }
}

/** Races an import against the chunk timeout; the timer is cleared as soon as either settles. */
export function importWithTimeout<T>(importer: () => Promise<T>, timeoutMs = CHUNK_LOAD_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadTimeoutError(timeoutMs)), timeoutMs);
    importer().then(
      (module) => {
        clearTimeout(timer);
        resolve(module);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/** React.lazy with the spec's chunk timeout. Render it inside <LazyBoundary> for the loading title and error. */
export function lazyWithTimeout<P extends object>(
  importer: () => Promise<{ default: ComponentType<P> }>,
  timeoutMs = CHUNK_LOAD_TIMEOUT_MS,
) {
  return lazy(() => importWithTimeout(importer, timeoutMs));
}

type BoundaryProps = { loadingTitle: string; errorTitle?: string; children: ReactNode };

class LazyErrorBoundary extends Component<BoundaryProps, { error: Error | null }> {
  override state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override render() {
    if (this.state.error) {
      return (
        <div className="lazy-status lazy-status--error" role="alert">
          <p className="lazy-status__title">
            {this.props.errorTitle ?? 'Sorry, this part of the page could not be loaded.'}
          </p>
          <p>
            {this.state.error instanceof ChunkLoadTimeoutError
              ? this.state.error.message
              : 'Please check your connection and reload the page.'}
          </p>
        </div>
      );
    }
    return this.props.children;
  }
}

/** Shows the loading title while a lazy part loads and a clear error if it fails or times out. */
export function LazyBoundary({ loadingTitle, errorTitle, children }: BoundaryProps) {
  return (
    <LazyErrorBoundary loadingTitle={loadingTitle} errorTitle={errorTitle}>
      <Suspense
        fallback={
          <div className="lazy-status" role="status">
            <p className="lazy-status__title">{loadingTitle}</p>
          </div>
        }
      >
        {children}
      </Suspense>
    </LazyErrorBoundary>
  );
}
