// Error fallback screen (spec §2, §4): 'Something went wrong' with Try Again, which resets the
// failed part of the page, and Reload Page, which reloads the whole app.
import { useRouter } from "@tanstack/react-router";
import { RefreshCw, RotateCcw, TriangleAlert } from "lucide-react";
import { Component, type ErrorInfo, type ReactNode, useEffect } from "react";
import { SHELL_TEXTS } from "@shared/messages";
import { appendErrorLog } from "@web/lib/error-log";
import { reportClientError } from "@web/lib/report-error";
import { Button } from "../ui/button";

const TEXTS = SHELL_TEXTS.errorFallback;

export function ErrorFallback({
  error,
  onTryAgain,
  onReload = () => window.location.reload(),
}: {
  error?: unknown;
  onTryAgain: () => void;
  onReload?: () => void;
}) {
  const detail = error instanceof Error ? error.message : null;
  return (
    <main role="alert" className="flex min-h-dvh flex-col items-center justify-center px-6 py-16 text-center">
      <div className="mb-6 flex size-16 items-center justify-center rounded-2xl bg-destructive/12 text-destructive">
        <TriangleAlert className="size-8" aria-hidden />
      </div>
      <h1 className="font-display text-2xl font-bold tracking-tight sm:text-3xl">{TEXTS.title}</h1>
      <p className="mt-3 max-w-sm text-muted-foreground">{TEXTS.description}</p>
      {import.meta.env.DEV && detail ? (
        <pre className="mt-4 max-w-md overflow-x-auto rounded-xl bg-muted px-4 py-3 text-left text-xs text-muted-foreground">
          {detail}
        </pre>
      ) : null}
      <div className="mt-8 flex w-full max-w-xs flex-col gap-3 sm:max-w-none sm:flex-row sm:justify-center">
        <Button onClick={onTryAgain}>
          <RotateCcw aria-hidden /> {TEXTS.tryAgain}
        </Button>
        <Button variant="outline" onClick={onReload}>
          <RefreshCw aria-hidden /> {TEXTS.reload}
        </Button>
      </div>
    </main>
  );
}

// React may render an error component twice for the same error (StrictMode, retries); one log
// entry per error object is enough.
const loggedErrors = new WeakSet<object>();

function logRenderError(error: unknown, componentStack?: string): void {
  if (typeof error === "object" && error !== null) {
    if (loggedErrors.has(error)) return;
    loggedErrors.add(error);
  }
  appendErrorLog(error, { componentStack });
  reportClientError("boundary", error);
}

/**
 * The router's errorComponent. Try Again resets the route's boundary and re-runs its loaders, so
 * a failed fetch is retried as well as a failed render.
 */
export function RouteErrorFallback({ error, reset }: { error: unknown; reset: () => void }) {
  const router = useRouter();
  useEffect(() => {
    logRenderError(error);
  }, [error]);
  return (
    <ErrorFallback
      error={error}
      onTryAgain={() => {
        reset();
        void router.invalidate();
      }}
    />
  );
}

interface ErrorBoundaryProps {
  children: ReactNode;
  /** Called after Try Again, before the children render again. */
  onReset?: () => void;
  onReload?: () => void;
}

/**
 * Catches errors outside the router's own boundaries (the router itself, providers) so the app
 * never shows a blank page.
 */
export class ErrorBoundary extends Component<ErrorBoundaryProps, { error: unknown; hasError: boolean }> {
  override state = { error: null as unknown, hasError: false };

  static getDerivedStateFromError(error: unknown) {
    return { error, hasError: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    logRenderError(error, info.componentStack ?? undefined);
  }

  reset = () => {
    this.props.onReset?.();
    this.setState({ error: null, hasError: false });
  };

  override render() {
    if (this.state.hasError) {
      return <ErrorFallback error={this.state.error} onTryAgain={this.reset} onReload={this.props.onReload} />;
    }
    return this.props.children;
  }
}
