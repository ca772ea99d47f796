import { useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { messages } from '../i18n/messages.ts';
import { authProvider } from './authProvider.ts';
import { microsoftConfig, startMicrosoftLogin } from './microsoft.ts';
import './login.css';

const m = messages.login;

/** Kept free of MUI so that the login route stays small. */
export function LoginPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError(null);
    const problem = await authProvider.login(username, password);
    if (problem) setError(problem);
    else void navigate(params.get('redirect') || '/', { replace: true });
    setBusy(false);
  }

  return (
    <main className="login-page">
      <div className="staging-banner" role="status">
        {messages.stagingBanner}
      </div>
      <form className="login-card" onSubmit={(e) => void submit(e)} aria-labelledby="login-title">
        <h1 id="login-title">{messages.appTitle}</h1>
        <p className="subtitle">{messages.appSubtitle}</p>
        <label htmlFor="username">{m.username}</label>
        <input
          id="username"
          name="username"
          autoComplete="username"
          required
          value={username}
          onChange={(e) => setUsername(e.target.value)}
          // eslint-disable-next-line jsx-a11y/no-autofocus -- the sign-in page has one task: typing the username
          autoFocus
        />
        <label htmlFor="password">{m.password}</label>
        <input
          id="password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <button type="submit" disabled={busy}>
          {busy ? m.submitting : m.submit}
        </button>
        {microsoftConfig.enabled && (
          <>
            <p className="login-or">{m.or}</p>
            <button
              type="button"
              className="login-microsoft"
              onClick={() => void startMicrosoftLogin(params.get('redirect'))}
            >
              {m.microsoft}
            </button>
          </>
        )}
        {error && (
          <div className="login-error" role="alert">
            {error}
          </div>
        )}
      </form>
    </main>
  );
}
