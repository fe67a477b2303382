import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import { answer, ApiError, manage, type Schemas } from './api.js';

type SessionAnswer = Schemas['Session'];

/** Who is signed in (null: nobody), and how to ask again after signing in or out. */
export interface SessionState {
  session: SessionAnswer | null;
  refresh: () => Promise<void>;
}

export const SessionContext = createContext<SessionState>({ session: null, refresh: async () => undefined });

export const useSession = (): SessionState => useContext(SessionContext);

/** The current session, or null when the cookie names none (401). */
export async function fetchSession(): Promise<SessionAnswer | null> {
  try {
    return await answer(manage.GET('/session'));
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}
