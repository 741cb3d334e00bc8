/**
 * /code-lab/sandbox.html: the document a code lab's sandbox frame loads (see src/components/codelab/frame/). Its own
 * file, not srcdoc: a srcdoc frame would inherit the page's policy instead of carrying its own.
 */
import type { APIRoute } from 'astro';
import { frameHtml } from '../../components/codelab/frame/frame-html.ts';

export const GET: APIRoute = () =>
  new Response(frameHtml(), { headers: { 'content-type': 'text/html; charset=utf-8' } });
