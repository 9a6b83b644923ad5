import type { APIRoute } from 'astro';
import { createElement } from 'react';
import { cardAssets, imageResponse, renderCard } from '@/features/social-cards/render';
import { BrandCard } from '@/features/social-cards/SocialCard';

/** /og-default.png: the brand card, the preview image of every page but an article (docs/product/site.md#preview-images). */
export const GET: APIRoute = async () => {
  const { brand } = await cardAssets();
  return imageResponse(
    await renderCard(createElement(BrandCard, { brand, tagline: 'Filters, vents, detectors and Autopilot plans' })),
  );
};
