import { Navigate, useLocation, useSearchParams } from 'react-router-dom';
import { paths } from '../../config/paths';
import { useSnapshot } from 'valtio';
import { authState } from '../../features/auth/store';
import { AuthForm, type AuthMode } from '../../features/auth/components/auth-form';
import * as styles from '../../features/auth/components/auth-form.css';
import { BrandMark } from '../../components/brand-mark';

/**
 * /register: the registration form is /login's second mode. A guest who types /register lands on it (without this
 * route, /register was a page behind sign-in: the login page, then "Page not found" once registered); a signed-in
 * user goes on as from /login. Its query (a redirect) is kept.
 */
export function RegisterRoute() {
  const params = new URLSearchParams(useLocation().search);
  params.set('mode', 'register');
  return <Navigate to={`${paths.login}?${params}`} replace />;
}

/**
 * /login: sign in, or register in the second mode (`?mode=register`). It does not navigate after a
 * sign-in: `GuestOnly` around it sees the new session and leaves the page, once.
 */
export function LoginRoute() {
  const [params, setParams] = useSearchParams();
  const mode: AuthMode = params.get('mode') === 'register' ? 'register' : 'login';
  const { notice } = useSnapshot(authState);

  function setMode(next: AuthMode) {
    const nextParams = new URLSearchParams(params);
    if (next === 'register') nextParams.set('mode', 'register');
    else nextParams.delete('mode');
    setParams(nextParams, { replace: true });
  }

  return (
    <main className={styles.page}>
      <div className={styles.panel}>
        <div className={styles.brand}>
          <BrandMark />
          <span>SignalDeck</span>
        </div>
        <div role="status">{notice && <p className={styles.notice}>{notice}</p>}</div>
        <AuthForm mode={mode} onModeChange={setMode} />
      </div>
    </main>
  );
}
