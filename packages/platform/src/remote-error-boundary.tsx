import { ErrorPanel } from '@td/ui';
import { Component, type ReactNode } from 'react';

interface Props {
  section: string;
  children: ReactNode;
}

/**
 * Inside a remote's own root: a render error shows a panel naming the section with Retry, which
 * renders the section afresh. The host's shell and other sections are separate roots and stay up.
 */
export class RemoteErrorBoundary extends Component<Props, { error: Error | null }> {
  override state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error) {
    console.error(`[${this.props.section}] stopped with an error:`, error);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <div style={{ padding: 24 }}>
        <ErrorPanel
          title={`${this.props.section} stopped working`}
          message={`This section hit an error and was stopped; the rest of the dashboard is unaffected. (${this.state.error.message})`}
          onRetry={() => this.setState({ error: null })}
        />
      </div>
    );
  }
}
