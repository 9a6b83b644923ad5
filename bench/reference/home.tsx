/**
 * The reference page's route chunk (see app.tsx): the home page's sections, loaded after the entry.
 */
import {
  Combobox,
  ComboboxInput,
  ComboboxOption,
  ComboboxOptions,
  Dialog,
  DialogPanel,
  DialogTitle,
  Disclosure,
  DisclosureButton,
  DisclosurePanel,
  Listbox,
  ListboxButton,
  ListboxOption,
  ListboxOptions,
  Popover,
  PopoverButton,
  PopoverPanel,
  Radio,
  RadioGroup,
  Tab,
  TabGroup,
  TabList,
  TabPanel,
  TabPanels,
} from '@headlessui/react';
import { useState, type FormEvent } from 'react';
import * as z from 'zod';

const SERVICES = [
  ['Air Filter Replacement', 'Fresh filters on schedule, sized for your system, with the old ones hauled away.', 29],
  ['Dryer Vent Cleaning', 'Lint cleared from the dryer to the outside hood, airflow checked before we leave.', 35],
  ['Smoke Detector Batteries', 'Every detector tested and fitted with fresh batteries, dates logged.', 19],
  ['Light Bulb Replacement', 'High fixtures and hard-to-reach bulbs swapped for efficient LEDs.', 15],
  ['Refrigerator Filters', 'The right cartridge for your model, installed and flushed.', 25],
  ['Water Softener Salt', 'Salt carried in and loaded, the brine tank checked for bridging.', 20],
  ['Vacuum Cleanout', 'Central and upright vacuums emptied, filters cleaned, hoses cleared.', 25],
  ['Reverse Osmosis Filters', 'Pre-filters, membrane and post-filter changed on the maker schedule.', 45],
  ['Home Safety Assessment', 'A room-by-room walk-through with a written list of what needs doing.', 79],
  ['Autopilot Plans', 'Quarterly visits that remember every small job so you do not have to.', 39],
] as const;

const FAQ = [
  [
    'How often should a furnace filter be changed?',
    'Every 30 to 90 days for most homes; pets, allergies and construction nearby shorten that.',
  ],
  ['Do you bring the filters?', 'Yes. We carry the common sizes and order anything unusual before the visit.'],
  ['What areas do you serve?', 'Springfield, Nixa, Ozark, Republic, Battlefield and Strafford, Missouri.'],
  ['Can I cancel a plan?', 'At any time from your account; the plan runs to the end of the period already paid.'],
  ['Are you insured?', 'Yes, fully insured, and every technician is background checked.'],
  ['How do I pay?', 'By card online when you book, or on the plan page for Autopilot.'],
] as const;

const PLANS = [
  {
    name: 'Autopilot Lite',
    monthly: 39,
    features: ['Air filters every quarter', 'Detector batteries yearly', 'Priority booking'],
  },
  {
    name: 'Autopilot Full',
    monthly: 59,
    features: ['Everything in Lite', 'Dryer vent yearly', 'Fridge and RO filters', 'Softener salt'],
  },
] as const;

const PERIODS = { monthly: 1, quarterly: 3, annual: 12 } as const;
type Period = keyof typeof PERIODS;

const Contact = z.object({
  name: z.string().trim().min(2, 'Please enter your name'),
  email: z.string().trim().email('Please enter a valid email address'),
  phone: z
    .string()
    .trim()
    .regex(/^[\d\s()+-]{10,}$/, 'Please enter a valid phone number'),
  message: z.string().trim().min(10, 'Please tell us a little more (10 characters or more)'),
});

const TOWNS = ['Springfield', 'Nixa', 'Ozark', 'Republic', 'Battlefield', 'Strafford', 'Willard', 'Rogersville'];

/** The booking dialog: a service from a listbox, a town from a combobox, a window from tabs. */
function Booking() {
  const [open, setOpen] = useState(false);
  const [service, setService] = useState<string>(SERVICES[0][0]);
  const [town, setTown] = useState<string | null>(null);
  const [query, setQuery] = useState('');
  const towns = TOWNS.filter((t) => t.toLowerCase().includes(query.toLowerCase()));
  return (
    <>
      <button className="btn" type="button" onClick={() => setOpen(true)}>
        Book a visit
      </button>
      <Dialog open={open} onClose={() => setOpen(false)}>
        <DialogPanel className="card">
          <DialogTitle>Book a visit</DialogTitle>
          <Listbox value={service} onChange={setService}>
            <ListboxButton className="btn outline">{service}</ListboxButton>
            <ListboxOptions anchor="bottom" className="menu">
              {SERVICES.map(([name]) => (
                <ListboxOption key={name} value={name}>
                  {name}
                </ListboxOption>
              ))}
            </ListboxOptions>
          </Listbox>
          <Combobox value={town} onChange={setTown}>
            <ComboboxInput aria-label="Town" onChange={(e) => setQuery(e.target.value)} />
            <ComboboxOptions anchor="bottom" className="menu">
              {towns.map((t) => (
                <ComboboxOption key={t} value={t}>
                  {t}
                </ComboboxOption>
              ))}
            </ComboboxOptions>
          </Combobox>
          <TabGroup>
            <TabList>
              {['Morning', 'Afternoon', 'Evening'].map((w) => (
                <Tab key={w} className="radio">
                  {w}
                </Tab>
              ))}
            </TabList>
            <TabPanels>
              {['8-12', '12-4', '4-7'].map((h) => (
                <TabPanel key={h}>Arrival between {h}</TabPanel>
              ))}
            </TabPanels>
          </TabGroup>
          <Popover>
            <PopoverButton className="btn outline">What to expect</PopoverButton>
            <PopoverPanel anchor="top" className="menu">
              We call the day before with a 2-hour window.
            </PopoverPanel>
          </Popover>
          <button className="btn" type="button" onClick={() => setOpen(false)}>
            Done
          </button>
        </DialogPanel>
      </Dialog>
    </>
  );
}

function Plans() {
  const [period, setPeriod] = useState<Period>('monthly');
  return (
    <section id="autopilot">
      <div className="wrap">
        <h2>Autopilot plans</h2>
        <RadioGroup value={period} onChange={setPeriod} aria-label="Billing period">
          {(Object.keys(PERIODS) as Period[]).map((p) => (
            <Radio key={p} value={p} className="radio">
              {p}
            </Radio>
          ))}
        </RadioGroup>
        <div className="grid">
          {PLANS.map((plan) => (
            <div className="card" key={plan.name}>
              <h3>{plan.name}</h3>
              <p className="price">${plan.monthly * PERIODS[period]}</p>
              <ul>
                {plan.features.map((f) => (
                  <li key={f}>{f}</li>
                ))}
              </ul>
              <button className="btn" type="button">
                Subscribe
              </button>
            </div>
          ))}
        </div>
      </div>
    </section>
  );
}

function ContactForm() {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [sent, setSent] = useState(false);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = Contact.safeParse(Object.fromEntries(new FormData(event.currentTarget)));
    if (parsed.success) {
      setErrors({});
      setSent(true);
      return;
    }
    setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
  };
  return (
    <section id="contact">
      <div className="wrap">
        <h2>Schedule service</h2>
        {sent ? <p role="status">Thanks! We will call you within a day.</p> : null}
        <form noValidate onSubmit={submit}>
          {(['name', 'email', 'phone', 'message'] as const).map((field) => (
            <div key={field}>
              <label htmlFor={field}>{field[0]!.toUpperCase() + field.slice(1)}</label>
              {field === 'message' ? <textarea id={field} name={field} rows={4} /> : <input id={field} name={field} />}
              {errors[field] ? <p className="error">{errors[field]}</p> : null}
            </div>
          ))}
          <button className="btn" type="submit">
            Send
          </button>
        </form>
      </div>
    </section>
  );
}

const REASONS = [
  ['Local and insured', 'A Springfield team, fully insured, every technician background checked.'],
  ['Priced before you book', 'The price on the page is the price you pay: no trip fees, no surprises.'],
  ['We clean up', 'Old filters, bulbs and batteries leave with us; floors are covered where we work.'],
  ['On your schedule', 'Morning or afternoon windows on weekdays, and Saturdays until 4 PM.'],
  ['Reminders that work', 'Autopilot remembers every filter and battery so you never have to.'],
  ['Straight answers', 'If a job needs a specialist we say so, and tell you who we would call.'],
] as const;

export default function Home() {
  return (
    <main>
      <div className="hero">
        <div className="wrap">
          <img
            src="/hero.png"
            width={1280}
            height={720}
            alt="A technician changing a furnace filter"
            style={{ width: '100%', height: 'auto', borderRadius: '1rem' }}
          />
          <p>Home maintenance around Springfield, MO</p>
          <h1>Your home's small jobs, on autopilot.</h1>
          <p className="muted">
            Filters, vents, detectors and the small jobs that keep a home healthy, handled for you.
          </p>
          <a className="btn" href="#contact">
            Schedule Service
          </a>{' '}
          <a className="btn outline" href="#autopilot">
            See Autopilot Plans
          </a>{' '}
          <Booking />
        </div>
      </div>
      <section id="services">
        <div className="wrap">
          <h2>Services</h2>
          <div className="grid">
            {SERVICES.map(([name, text, price]) => (
              <div className="card" key={name}>
                <h3>{name}</h3>
                <p className="muted">{text}</p>
                <p>From ${price}</p>
              </div>
            ))}
          </div>
        </div>
      </section>
      <Plans />
      <section id="why">
        <div className="wrap">
          <h2>Why homeowners choose us</h2>
          <div className="grid">
            {REASONS.map(([title, text]) => (
              <div className="card" key={title}>
                <h3>{title}</h3>
                <p className="muted">{text}</p>
              </div>
            ))}
          </div>
        </div>
      </section>
      <section id="faq">
        <div className="wrap">
          <h2>Questions</h2>
          {FAQ.map(([q, a]) => (
            <Disclosure as="div" className="faq" key={q}>
              <DisclosureButton className="btn outline">{q}</DisclosureButton>
              <DisclosurePanel>
                <p>{a}</p>
              </DisclosurePanel>
            </Disclosure>
          ))}
        </div>
      </section>
      <ContactForm />
    </main>
  );
}
