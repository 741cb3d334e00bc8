/** /progress/manifest.json: what each chapter's progress bar counts (see src/progress/manifest.ts). */
import type { APIRoute } from 'astro';
import { buildProgressManifest } from '../../progress/manifest.ts';

export const GET: APIRoute = async () =>
  new Response(JSON.stringify({ chapters: await buildProgressManifest() }), {
    headers: { 'Content-Type': 'application/json' },
  });
