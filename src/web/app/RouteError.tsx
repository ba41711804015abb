import type { FallbackProps } from 'react-error-boundary';
import { Link } from 'react-router';
import { StatusPanel } from '../components/StatusPanel.js';

/** Shown when rendering a page throws: a clear message instead of a blank screen. */
export function RouteError({ error }: FallbackProps) {
  const detail = error instanceof Error ? error.message : 'Unknown error';
  return (
    <div className="page page--centered">
      <StatusPanel title="Something went wrong, please try again later" role="alert">
        <p className="muted">{detail}</p>
        <Link className="button" to="/" reloadDocument>
          Start again
        </Link>
      </StatusPanel>
    </div>
  );
}
