import { useEffect, useSyncExternalStore } from 'react';
import { useNavigate } from 'react-router';
import {
  forgetResumePoint,
  readResumePoint,
  subscribeResumePoint,
  type ResumePoint,
} from '../../../lib/unsaved-work-registry';
import { useSession } from '../api';
import type { LoginReason } from './LoginDialogProvider';

let lastPoint: ResumePoint | null | undefined;
/** The stored point, the same object while its text does not change (useSyncExternalStore). */
function snapshot(): ResumePoint | null {
  const point = readResumePoint();
  if (lastPoint === undefined || point?.userId !== lastPoint?.userId || point?.path !== lastPoint?.path) {
    lastPoint = point;
  }
  return lastPoint;
}

/**
 * Issue 18.1, an expired session never loses the writing: when the server refused the session with
 * work open in an editor, the api client kept it in this browser and remembered where it was
 * (lib/unsaved-work-registry). This asks the user to log in again, and once the same user is back,
 * returns to that page with the work put back in the editor. Anyone else who logs in here is not
 * taken there, and the copy, filed under its writer's id, is never offered to them.
 */
export function ResumeAfterLogin({ openLogin }: { openLogin: (reason?: LoginReason) => void }) {
  const point = useSyncExternalStore(subscribeResumePoint, snapshot, () => null);
  const { status, user } = useSession();
  const navigate = useNavigate();

  useEffect(() => {
    if (!point) {
      return;
    }
    if (status === 'anonymous') {
      openLogin('sessionExpired');
    } else if (status === 'authenticated' && user) {
      forgetResumePoint();
      if (user._id === point.userId) {
        void navigate(point.path, { state: { resumeWriting: true } });
      }
    }
  }, [point, status, user, openLogin, navigate]);

  return null;
}
