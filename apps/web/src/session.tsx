// Who is signed in: `GET /api/me` with the session cookie (401: nobody). Pages read it from here.
import { createContext, type ReactNode, useCallback, useContext, useEffect, useState } from 'react';
import { api, ApiError, ok, type User } from './api/client';

interface Session {
  user: User | null;
  /** False until the first answer of /api/me. */
  known: boolean;
  error: unknown;
  setUser: (user: User | null) => void;
  refresh: () => Promise<void>;
  signOut: () => Promise<void>;
}

const SessionContext = createContext<Session | null>(null);

export function SessionProvider({ children }: { children: ReactNode }) {
  const [user, setUser] = useState<User | null>(null);
  const [known, setKnown] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const refresh = useCallback(async () => {
    try {
      const { user } = await ok(api.GET('/api/me'));
      setUser(user);
      setError(null);
    } catch (e) {
      setUser(null);
      if (!(e instanceof ApiError && e.status === 401)) setError(e);
    } finally {
      setKnown(true);
    }
  }, []);
  const signOut = useCallback(async () => {
    await ok(api.POST('/api/auth/logout'));
    setUser(null);
  }, []);
  useEffect(() => {
    void refresh();
  }, [refresh]);
  return (
    <SessionContext.Provider value={{ user, known, error, setUser, refresh, signOut }}>
      {children}
    </SessionContext.Provider>
  );
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession outside SessionProvider');
  return session;
}
