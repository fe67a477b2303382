import { useEffect, useState } from 'preact/hooks';

/** Where the gateway serves the portal; every page is a path under it, answered with the same index.html. */
export const BASE = '/portal';

const listeners = new Set<() => void>();
addEventListener('popstate', () => listeners.forEach((listener) => listener()));

/** The page's path under /portal: `/keys`, `/sign-in`, `/` for the start. */
export function currentPath(): string {
  const path = location.pathname.startsWith(BASE) ? location.pathname.slice(BASE.length) : location.pathname;
  return path === '' ? '/' : path.replace(/\/+$/, '') || '/';
}

export function navigate(path: string, options: { replace?: boolean } = {}): void {
  const url = `${BASE}${path}`;
  if (options.replace) history.replaceState(null, '', url);
  else history.pushState(null, '', url);
  listeners.forEach((listener) => listener());
}

/** The current path, re-rendering on every navigation (links, the back button). */
export function usePath(): string {
  const [path, setPath] = useState(currentPath);
  useEffect(() => {
    const listener = () => setPath(currentPath());
    listeners.add(listener);
    return () => void listeners.delete(listener);
  }, []);
  return path;
}

/**
 * The one-time token of a mailed link (`#token=…`, in the fragment so that no server or Referer
 * ever saw it), read once and then removed from the address bar and the history entry, so it
 * stays in neither.
 */
export function takeLinkToken(): string | undefined {
  const token = new URLSearchParams(location.hash.slice(1)).get('token') ?? undefined;
  if (location.hash !== '') history.replaceState(null, '', location.pathname);
  return token;
}

/** A link that navigates within the portal without reloading it. */
export function onLink(path: string): (event: MouseEvent) => void {
  return (event) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(path);
  };
}
