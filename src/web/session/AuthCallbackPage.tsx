import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { api } from '../api/client.ts';
import { messages } from '../app/messages.ts';
import { finishMicrosoftLogin } from './microsoft.ts';
import { sessionState } from './sessionState.ts';
import { tokenStore } from './tokenStore.ts';
import './login.css';

/** /auth/callback: Microsoft returns here; the server turns its token into our session. */
export function AuthCallbackPage() {
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    sessionState.set('authenticating');
    void (async () => {
      try {
        const result = await finishMicrosoftLogin();
        if (!result) return navigate('/login', { replace: true });
        const { data, error: failure } = await api.POST('/login-microsoft', {
          body: { accessToken: result.accessToken },
        });
        if (!data) throw new Error(failure?.message ?? messages.login.failed);
        tokenStore.set(data.token, data.refresh_token);
        sessionState.set('authenticated');
        navigate(result.redirect, { replace: true });
      } catch (err) {
        sessionState.set('notAuthenticated');
        setError(err instanceof Error && err.message ? err.message : messages.login.failed);
      }
    })();
  }, [navigate]);
  return (
    <main className="login-page">
      <div className="login-card">
        <h1>{messages.appTitle}</h1>
        {error ? (
          <>
            <div className="login-error" role="alert">
              {error}
            </div>
            <p>
              <Link to="/login">{messages.login.back}</Link>
            </p>
          </>
        ) : (
          <p role="status">{messages.login.microsoftWaiting}</p>
        )}
      </div>
    </main>
  );
}
