import { Component, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../config/paths';

/**
 * Shown when a page crashes or its code cannot be loaded (e.g. an old tab after a new deployment):
 * a clear message and a way on, instead of a blank screen.
 */
function RouteError({ error }: { error: unknown }) {
  const chunkFailed =
    error instanceof Error &&
    /dynamically imported module|Importing a module script|Failed to fetch/i.test(error.message);
  return (
    <div className="container page-message" role="alert">
      <h1 className="page-message__title">Something went wrong</h1>
      <p className="muted">
        {chunkFailed
          ? 'The shop was updated while this page was open. Reload to get the latest version.'
          : 'This page could not be shown. Please try again.'}
      </p>
      <div className="page-message__actions">
        <button type="button" className="btn btn--primary" onClick={() => window.location.reload()}>
          Reload
        </button>
        <Link to={paths.home.to()} className="btn btn--ghost">
          Go home
        </Link>
      </div>
    </div>
  );
}

/** Catches what a page throws while rendering (keyed by the address, so a navigation starts afresh). */
export class RouteErrorBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  override state = { error: null as unknown };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override render() {
    return this.state.error ? <RouteError error={this.state.error} /> : this.props.children;
  }
}
