import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { Spinner } from '../../components/states';
import { paths } from '../../config/paths';
import { api } from '../../lib/api';
import { useSession } from '../../stores/session';
import { toast } from '../../stores/toast';

/**
 * Logout: the API ends this session, then admin, token and adminTimeStamp are all cleared. The same
 * account's other sessions (another computer, a browser) go on; `everywhere` ends those too.
 */
export function LogoutPage({ everywhere = false }: { everywhere?: boolean }) {
  const navigate = useNavigate();
  useEffect(() => {
    let cancelled = false;
    (async () => {
      const { token, clear } = useSession.getState();
      // Even when the server cannot be reached, the local session is ended.
      const ended = token
        ? await (everywhere ? api.admin.logoutEverywhere() : api.admin.logout()).then(
            () => true,
            () => false,
          )
        : true;
      await clear();
      if (!cancelled) {
        if (everywhere && !ended)
          toast.error(
            'You have been logged out here, but the other sessions could not be ended: the shop server did not answer.',
          );
        else
          toast.info(everywhere ? 'You have been logged out on every device.' : 'You have been logged out.');
        navigate(paths.login, { replace: true });
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [navigate, everywhere]);
  return <Spinner label="Logging out…" />;
}
