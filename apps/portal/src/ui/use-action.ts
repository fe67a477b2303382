import { useState } from 'preact/hooks';

/** A form's submission: busy while it runs, and the API's refusal kept to show. */
export function useAction<A extends unknown[]>(run: (...args: A) => Promise<void>) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(undefined);
  const act = async (...args: A) => {
    setBusy(true);
    setError(undefined);
    try {
      await run(...args);
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, act };
}

/** A form's values by field name. */
export function formValues(event: SubmitEvent): Record<string, string> {
  event.preventDefault();
  const data = new FormData(event.currentTarget as HTMLFormElement);
  return Object.fromEntries([...data].map(([name, value]) => [name, typeof value === 'string' ? value : '']));
}

/** A text field's value, empty when absent. */
export function textOf(data: FormData, name: string): string {
  const value = data.get(name);
  return typeof value === 'string' ? value : '';
}

/** The words of a text field (a list typed one a line, or with spaces or commas between): origins, say. */
export function wordsOf(text: string): string[] {
  return text.split(/[\s,]+/).filter((word) => word !== '');
}
