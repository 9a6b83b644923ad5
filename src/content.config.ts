/**
 * Content collections: services (one YAML file per service page), the two Autopilot plans'
 * page copy, the legal pages, the blog articles (MDX) and the testimonials. Prices are never written in content: the informational ranges
 * of docs/product/services.md#informational-ranges are, but every amount we charge comes from src/features/booking/pricing.ts and src/features/plans/prices.ts.
 */
import { defineCollection, reference } from 'astro:content';
import { glob } from 'astro/loaders';
import { z } from 'astro/zod';
import { CONTACT_SERVICES } from '@/features/leads/contact';
import { SERVICE_TYPES } from '@/features/booking/pricing';
import { SOURCE_IDS } from '@/lib/sources';
import { CONTENT_ICONS } from '@/components/icons';
import { ILLUSTRATION_IDS } from '@/components/illustrations/ids';

const icon = z.enum(CONTENT_ICONS);
const faqEntry = z.object({ question: z.string().min(10), answer: z.string().min(20) });
const step = z.object({ step: z.string().min(3), description: z.string().min(20) });
const benefit = z.object({ title: z.string().min(3), description: z.string().min(20), icon });

const services = defineCollection({
  loader: glob({ base: './content/services', pattern: '*.yaml' }),
  schema: z.object({
    /** Page and card title, e.g. "Air Filter Replacement". */
    title: z.string().min(3),
    /** One or two sentences for the service card on the home page and in related-service lists. */
    summary: z.string().min(20).max(200),
    /** Meta description of the service page, 50-160 characters. */
    description: z.string().min(50).max(160),
    icon,
    /** Position in lists; lower comes first. */
    order: z.number().int(),
    /** Whether the home page's services grid shows a card for it (docs/product/site.md#home-page: seven cards). */
    onHome: z.boolean(),
    /** The hero's sentence under the title. */
    headline: z.string().min(20).max(220),
    /** Overview paragraphs. */
    overview: z.array(z.string().min(40)).min(2).max(5),
    /** 'Our Process' steps, in order. */
    process: z.array(step).min(3).max(6),
    /** 'Key Benefits'. */
    benefits: z.array(benefit).min(3).max(6),
    /**
     * 'Pricing Information' (docs/product/services.md#informational-ranges): the informational ranges, each with
     * what it covers, and notes. Notes and FAQ answers write `{charge}` and `{range}` instead of amounts
     * (features/services/price-text.ts), so no price is typed here by hand.
     */
    pricing: z.object({
      ranges: z
        .array(
          z.object({
            range: z.string().regex(/^\$\d+-\d+( [a-z ]+)?$/),
            covers: z.string().min(10),
            kind: z.enum(['market', 'part']),
          }),
        )
        .max(4),
      notes: z.array(z.string().min(10)).max(4),
    }),
    faq: z.array(faqEntry).min(3).max(8),
    /** When the page's text last changed, for the sitemap's lastmod. */
    updated: z.coerce.date(),
    /** The public sources the page's statements quote (src/lib/sources.ts), listed under its FAQ. */
    sources: z.array(z.enum(SOURCE_IDS)).default([]),
    /** Other services shown under 'Related Services'. */
    related: z.array(reference('services')).min(2).max(4),
    /** The checkout serviceType when the service can be booked and paid online. */
    serviceType: z.enum(SERVICE_TYPES).optional(),
    /** The contact form's service chosen by this page's 'Schedule Service' buttons. */
    contactService: z.enum(CONTACT_SERVICES.map((s) => s.value) as [string, ...string[]]).default('other'),
  }),
});

const plans = defineCollection({
  loader: glob({ base: './content/plans', pattern: '*.yaml' }),
  schema: z.object({
    /** 'lite' or 'full': the file name, matching PLANS in features/plans/plans.ts. */
    headline: z.string().min(20).max(220),
    /** Meta description of the plan page, 50-160 characters. */
    description: z.string().min(50).max(160),
    intro: z.string().min(40),
    /** The included-services grid. */
    included: z.array(benefit).min(4).max(8),
    benefits: z.array(benefit).min(3).max(6),
    /** Exactly three how-it-works steps (docs/product/plans.md#plan-pages). */
    steps: z.array(step).length(3),
    faq: z.array(faqEntry).min(3).max(8),
    /** When the page's text last changed, for the sitemap's lastmod. */
    updated: z.coerce.date(),
  }),
});

/**
 * Testimonials, customer stories and the rating (docs/product/blog.md#testimonials-and-examples), all the
 * owner's to supply. A `placeholder` is shown as an example with its `example` heading and never
 * with a name; a real entry needs the customer's name, town and the date they gave permission.
 */
const testimonials = defineCollection({
  loader: glob({ base: './content/testimonials', pattern: '*.yaml' }),
  schema: z
    .object({
      kind: z.enum(['testimonial', 'story', 'rating']),
      /** The page it belongs to: a plan, an article's slug, or `home` for the rating. */
      placement: z.enum([
        'autopilot-lite',
        'autopilot-full',
        'how-to-change-air-filter',
        'diy-vs-professional-air-filter',
        'home',
      ]),
      order: z.number().int(),
      placeholder: z.boolean(),
      /** How a placeholder is introduced, e.g. "Example: how a typical visit goes". */
      example: z.string().startsWith('Example'),
      /** A story's heading after the person, e.g. "does it themselves". */
      title: z.string().min(3).optional(),
      story: z.string().min(40).optional(),
      quote: z.string().min(30).optional(),
      name: z.string().min(2).optional(),
      town: z.string().min(3).optional(),
      /** When the customer agreed to their words being published. */
      permission: z.coerce.date().optional(),
      stars: z.number().min(1).max(5).optional(),
      /** Where a rating comes from ("Google reviews"), its page and how many reviews it averages. */
      source: z.string().min(3).optional(),
      url: z.url().optional(),
      count: z.number().int().positive().optional(),
    })
    .refine((t) => !t.placeholder || (t.name === undefined && t.town === undefined), {
      message: 'A placeholder carries no name or town: it is shown as an example, never as a customer',
    })
    .refine((t) => t.placeholder || t.kind === 'rating' || (t.name && t.town && t.permission), {
      message: "A real testimonial or story needs name, town and the date of the customer's permission",
    })
    .refine((t) => t.placeholder || t.kind !== 'rating' || (t.source && t.url && t.count), {
      message: 'A real rating needs its source, url and review count',
    })
    .refine((t) => (t.kind === 'rating' ? t.stars !== undefined : t.quote !== undefined), {
      message: 'A rating needs stars; a testimonial or story needs a quote',
    }),
});

const legal = defineCollection({
  loader: glob({ base: './content/legal', pattern: '*.md' }),
  schema: z.object({
    title: z.string().min(3),
    description: z.string().min(50).max(160),
    /** When the text last changed, shown on the page. */
    updated: z.coerce.date(),
  }),
});

const blog = defineCollection({
  loader: glob({ base: './content/blog', pattern: '*.mdx' }),
  schema: z.object({
    title: z.string().min(10).max(90),
    /** The title in search results and the tab, when `title` is longer than 60 characters. */
    seoTitle: z.string().min(10).max(60).optional(),
    /** Meta description, 50-160 characters. */
    description: z.string().min(50).max(160),
    /** One or two sentences for the blog index and the RSS feed. */
    excerpt: z.string().min(40).max(260),
    /** Minutes to read (docs/product/blog.md#blog: 8, 6, 10, 12 and 15). */
    readTime: z.number().int().positive(),
    /** e.g. "Maintenance", "Tutorial", "Cost Analysis". */
    category: z.string().min(3),
    /** Featured articles lead the blog index (docs/product/blog.md#blog: the first three). */
    featured: z.boolean(),
    /** Position on the blog index; lower comes first. */
    order: z.number().int(),
    /** The article's name in the header's Blog menu, when it is listed there (docs/product/site.md#header-and-navigation). */
    menuLabel: z.string().min(5).max(40).optional(),
    tags: z.array(z.string().min(2)).min(2).max(6),
    publishedAt: z.coerce.date(),
    updatedAt: z.coerce.date(),
    /** The public sources its statements quote (src/lib/sources.ts), listed at its end. */
    sources: z.array(z.enum(SOURCE_IDS)).default([]),
    /** The illustration its preview image shows beside the title (docs/product/site.md#preview-images); the house mark when absent. */
    illustration: z.enum(ILLUSTRATION_IDS).optional(),
    /** Whether the article shows a table of contents with scroll-spy. */
    toc: z.boolean().default(false),
    /** The article's FAQ, rendered by <Faq> in the body and published as FAQPage JSON-LD. */
    faq: z.array(faqEntry).optional(),
    /** HowTo structured data for step-by-step guides. */
    howTo: z
      .object({
        totalTime: z.string().regex(/^PT\d+M$/),
        /** What the job uses up (HowToSupply), e.g. the new filter. */
        supplies: z.array(z.string()).min(1),
        /** What it needs to hand (HowToTool). */
        tools: z.array(z.string()).min(1),
        steps: z.array(z.object({ name: z.string().min(3), text: z.string().min(20) })).min(2),
      })
      .optional(),
  }),
});

export const collections = { services, plans, legal, blog, testimonials };
