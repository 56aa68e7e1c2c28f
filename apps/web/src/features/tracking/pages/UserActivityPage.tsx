import { PageLoader } from '../../../components/PageLoader';

/** Being built (issue 9); replaced in the same series of commits. */
export function UserActivityPage() {
  return <PageLoader />;
}
