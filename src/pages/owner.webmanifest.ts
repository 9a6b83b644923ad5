import type { APIRoute } from 'astro';
import { deskManifest } from '@/features/owner/desk-manifest';

/** /owner.webmanifest: the desk as an installable app (docs/product/desk.md#owners-desk, "Installing the desk"). */
export const GET: APIRoute = () =>
  new Response(JSON.stringify(deskManifest(), null, 2), { headers: { 'Content-Type': 'application/manifest+json' } });
