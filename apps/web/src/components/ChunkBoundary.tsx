import { Component, type ReactNode } from 'react';

interface ChunkBoundaryProps {
  /** Shown instead of the children once they failed; `retry` renders them again. */
  fallback: (retry: () => void) => ReactNode;
  children: ReactNode;
}

/**
 * Keeps a lazy part of a page (the fic editor's Quill and map, a fic's comments) from taking the page
 * down when its chunk cannot be fetched (offline, a deploy replaced it) or it throws: the rest of the
 * page keeps working.
 */
export class ChunkBoundary extends Component<ChunkBoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  retry = () => this.setState({ failed: false });

  override render() {
    return this.state.failed ? this.props.fallback(this.retry) : this.props.children;
  }
}
