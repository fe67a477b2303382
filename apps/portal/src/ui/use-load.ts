import { useEffect, useState } from 'preact/hooks';

/**
 * Data a page shows, loaded when the page opens (again when `deps` change, and on `reload` after a
 * change), with the API's refusal; `loaded` once the first answer came.
 */
export function useLoad<T>(load: () => Promise<T>, deps: readonly unknown[] = []) {
  const [value, setValue] = useState<T>();
  const [error, setError] = useState<unknown>();
  const [loaded, setLoaded] = useState(false);
  const reload = async () => {
    try {
      setValue(await load());
      setError(undefined);
    } catch (caught) {
      setError(caught);
    } finally {
      setLoaded(true);
    }
  };
  useEffect(() => {
    void reload();
  }, deps);
  return { value, error, loaded, reload };
}
