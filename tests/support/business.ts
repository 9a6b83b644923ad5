/** The owner's details as a launch would have them (docs/product/site.md#business-identity), for the tests of the production gate. */
import type { Business } from '../../src/business.ts';

/** Details a real business could have: nothing in them is an example. */
export const REAL_DETAILS: Business = {
  name: 'Springfield Home Maintenance',
  shortName: 'Springfield Home',
  phone: '(417) 866-2300',
  email: 'hello@springfieldhomecare.com',
  location: { street: '1845 S National Ave', postalCode: '65804' },
  coordinates: { latitude: '37.17904', longitude: '-93.27612' },
  hours: [
    { days: 'Mon-Fri', dayOfWeek: ['Monday', 'Friday'], opens: '08:00', closes: '18:00' },
    { days: 'Sun', dayOfWeek: ['Sunday'], opens: null, closes: null, closed: 'Emergency only' },
  ],
  googleBusinessProfile: 'https://maps.app.goo.gl/q1w2e3r4t5y6',
  reviewLink: 'https://g.page/r/CdEfGhIjKlMn/review',
  figures: {
    confirmed: true,
    families: '500+',
    filtersInstalled: '2,000+',
    rating: '5-star',
    support: '24/7',
    responseHours: 24,
    forgetFilterPercent: 87,
  },
};
