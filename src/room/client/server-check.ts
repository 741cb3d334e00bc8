/**
 * Whether this site is served by the workshop server. The static build has `/workshop-server.json` saying
 * `server: false`; the workshop server answers the same path with `server: true`. Asking for a file that always
 * exists keeps a page without a server free of failed requests in the console. Browser only.
 */
export async function hasWorkshopServer(): Promise<boolean> {
  try {
    const response = await fetch('/workshop-server.json', { cache: 'no-store', signal: AbortSignal.timeout(5000) });
    if (!response.ok) return false;
    const body = (await response.json()) as { server?: unknown };
    return body.server === true;
  } catch {
    return false;
  }
}
