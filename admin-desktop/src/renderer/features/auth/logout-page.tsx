import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { Spinner } from '../../components/states';
import { paths } from '../../config/paths';
import { api } from '../../lib/api';
import { useSession } from '../../stores/session';
import { toast } from '../../stores/toast';

/** Logout (seed §4): the API invalidates the token, then admin, token and adminTimeStamp are all cleared. */
export function LogoutPage() {
  const navigate = useNavigate();
  useEffect(() => {
    let cancelled = false;
    (async () => {
      const { token, clear } = useSession.getState();
      // Even when the server cannot be reached, the local session is ended.
      if (token) await api.admin.logout().catch(() => null);
      await clear();
      if (!cancelled) {
        toast.info('You have been logged out.');
        navigate(paths.login, { replace: true });
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [navigate]);
  return <Spinner label="Logging out…" />;
}
