/**
 * Whether this site is served by the workshop server. The static build has `/workshop-server.json` saying
 * `server: false`; the workshop server answers the same path with `server: true` and the most days it keeps a room.
 * Asking for a file that always exists keeps a page without a server free of failed requests in the console.
 * Browser only.
 */
export async function workshopServer(): Promise<{ retentionDays?: number } | undefined> {
  try {
    const response = await fetch('/workshop-server.json', { cache: 'no-store', signal: AbortSignal.timeout(5000) });
    if (!response.ok) return undefined;
    const body = (await response.json()) as { server?: unknown; retentionDays?: unknown };
    if (body.server !== true) return undefined;
    const days = body.retentionDays;
    return typeof days === 'number' && Number.isInteger(days) && days >= 1 ? { retentionDays: days } : {};
  } catch {
    return undefined;
  }
}

/** True when the workshop server serves this site. */
export async function hasWorkshopServer(): Promise<boolean> {
  return (await workshopServer()) !== undefined;
}
