/**
 * Which sites may frame the workshop server's pages. CSP Level 3, frame-ancestors: "The frame-ancestors directive
 * restricts the URLs which can embed the resource using frame, iframe, object, or embed"; a source list of 'self'
 * and origins. By default only the site itself (the code lab frames its own sandbox); an LMS that shows the course
 * in a frame from its own origin is added with frameAncestors (--frame-ancestors / WORKSHOP_FRAME_ANCESTORS).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { ENGINES_UNDER_TEST, type TestDatabase } from './databases.ts';
import { testServer, type TestServer } from './harness.ts';

const engine = ENGINES_UNDER_TEST[0]!;

describe('frame-ancestors of the workshop server', () => {
  let db: TestDatabase | undefined;
  let server: TestServer | undefined;
  afterEach(async () => {
    server?.close();
    await db?.dispose();
  });

  it('allows only the site itself by default, with X-Frame-Options SAMEORIGIN for older browsers', async () => {
    db = await engine.open();
    server = testServer(db);
    const response = await server.request('/api/rooms/none');
    expect(response.headers.get('content-security-policy')).toBe("frame-ancestors 'self'");
    expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN');
  });

  it('adds the configured LMS origins and drops X-Frame-Options, which cannot name another origin', async () => {
    db = await engine.open();
    server = testServer(db, { frameAncestors: ['https://lms.example.edu', 'https://canvas.example.edu'] });
    const response = await server.request('/api/rooms/none');
    expect(response.headers.get('content-security-policy')).toBe(
      "frame-ancestors 'self' https://lms.example.edu https://canvas.example.edu",
    );
    expect(response.headers.get('x-frame-options')).toBeNull();
  });
});
