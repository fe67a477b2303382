import { useEffect, useState } from 'preact/hooks';
import { fetchSession, SessionContext } from './session.js';
import { Nav } from './ui/nav.js';
import { Routes } from './routes.js';
import { usePath } from './router.js';
import type { Schemas } from './api.js';

export function App() {
  const path = usePath();
  const [session, setSession] = useState<Schemas['Session'] | null | undefined>(undefined);
  const refresh = async () => setSession(await fetchSession());
  useEffect(() => {
    void refresh().catch(() => setSession(null));
  }, []);
  return (
    <SessionContext.Provider value={{ session: session ?? null, refresh }}>
      <a class="skip" href="#main">
        Skip to content
      </a>
      <header class="top">
        <span class="brand">Pet Store developer portal</span>
        <Nav path={path} />
      </header>
      {/* Signed out, a page is one short form: a narrow column in the middle, not the width of a dashboard. */}
      <main id="main" class={session ? 'signed-in' : 'signed-out'}>
        {session === undefined ? <p aria-busy="true">Loading…</p> : <Routes path={path} />}
      </main>
    </SessionContext.Provider>
  );
}
