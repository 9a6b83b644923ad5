/** Content collections: the services (one YAML file per service page). */
import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { z } from 'astro/zod';

/** Icons a service card may use; each maps to a Lucide icon in ServiceIcon.astro. */
export const SERVICE_ICONS = [
  'air-filter',
  'autopilot',
  'dryer-vent',
  'smoke-detector',
  'refrigerator',
  'water-softener',
  'light-bulb',
  'vacuum',
  'water-filter',
  'safety',
] as const;

const services = defineCollection({
  loader: glob({ base: './content/services', pattern: '*.yaml' }),
  schema: z.object({
    /** Page and card title, e.g. "Air Filter Replacement". */
    title: z.string().min(3),
    /** One or two sentences for the service card on the home page and in related-service lists. */
    summary: z.string().min(20).max(200),
    /** Meta description of the service page, 50-160 characters. */
    description: z.string().min(50).max(160),
    icon: z.enum(SERVICE_ICONS),
    /** Position in lists; lower comes first. */
    order: z.number().int(),
    /** Whether the home page's services grid shows a card for it (SPEC §2: seven cards). */
    onHome: z.boolean(),
  }),
});

export const collections = { services };
