import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { messages } from '../i18n/messages.ts';
import { authProvider } from './authProvider.ts';
import './login.css';

/** /auth/callback: Microsoft returns here; the server turns its token into our session. */
export function AuthCallbackPage() {
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    void (async () => {
      try {
        const redirect = await authProvider.completeMicrosoftLogin();
        void navigate(redirect ?? '/login', { replace: true });
      } catch (err) {
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
