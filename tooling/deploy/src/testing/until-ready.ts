/**
 * Polls `baseUrl`/readyz until it answers 200; past `timeoutMs` it fails with the end of what
 * `logs` gives, which says why a container or a compose project never became ready.
 */
export async function untilReady(baseUrl: string, logs: () => Promise<string>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const status = await fetch(`${baseUrl}/readyz`).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 200) return;
    if (Date.now() > deadline) throw new Error(`${baseUrl} did not become ready:\n${(await logs()).slice(-4000)}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
