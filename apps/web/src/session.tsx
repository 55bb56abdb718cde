// Who is signed in: `GET /api/me` with the session cookie (401: nobody). Pages read it from here.
import { createContext, type ReactNode, useCallback, useContext, useEffect, useRef, useState } from 'react';
import { api, ApiError, ok, type User } from './api/client';

interface Session {
  user: User | null;
  /** False until the first answer of /api/me. */
  known: boolean;
  error: unknown;
  /**
   * Counts the changes of who is signed in (a sign-in, a sign-out, a session found ended) once the first
   * answer is known: what a page read for someone else is read again (the routes key pages by it).
   */
  generation: number;
  setUser: (user: User | null) => void;
  refresh: () => Promise<void>;
  signOut: () => Promise<void>;
}

const SessionContext = createContext<Session | null>(null);

export function SessionProvider({ children }: { children: ReactNode }) {
  const [user, setSignedIn] = useState<User | null>(null);
  const [known, setKnown] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [generation, setGeneration] = useState(0);
  // Who the pages on screen were read for (undefined: not known yet, the first answer sets it).
  const readFor = useRef<string | null | undefined>(undefined);
  const setUser = useCallback((next: User | null) => {
    const id = next?.id ?? null;
    if (readFor.current !== undefined && readFor.current !== id) setGeneration((g) => g + 1);
    readFor.current = id;
    setSignedIn(next);
  }, []);
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
  }, [setUser]);
  const signOut = useCallback(async () => {
    await ok(api.POST('/api/auth/logout'));
    setUser(null);
  }, [setUser]);
  useEffect(() => {
    void refresh();
  }, [refresh]);
  return (
    <SessionContext.Provider value={{ user, known, error, generation, setUser, refresh, signOut }}>
      {children}
    </SessionContext.Provider>
  );
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession outside SessionProvider');
  return session;
}
