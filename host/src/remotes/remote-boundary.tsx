import { Component, type ReactNode } from 'react';
import { RemoteFallback } from './remote-fallback';

interface Props {
  section: string;
  onRetry(): void;
  children: ReactNode;
}

/** Catches a throw on the host's side of a remote mount, so the shell and other sections stay up. */
export class RemoteBoundary extends Component<Props, { error: Error | null }> {
  override state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override render() {
    if (this.state.error) {
      return (
        <RemoteFallback
          section={this.props.section}
          reason={this.state.error.message}
          onRetry={() => {
            this.setState({ error: null });
            this.props.onRetry();
          }}
        />
      );
    }
    return this.props.children;
  }
}
