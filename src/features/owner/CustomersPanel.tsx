/**
 * The desk's Customers tab (docs/product/desk.md#owners-desk): 'Find a customer' by name, e-mail, phone
 * (the last four digits will do) or ZIP; each match opens the customer's page below the list.
 */
import { useState, type FormEvent } from 'react';
import CustomerRecord, { planText } from './CustomerRecord';
import type { OwnerCustomersAnswer } from './records-api';
import ReadState from './ReadState';
import { useOwnerGet } from './use-owner';

export default function CustomersPanel() {
  const [typed, setTyped] = useState('');
  const [query, setQuery] = useState<string | null>(null);
  const [open, setOpen] = useState<string | null>(null);

  function search(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setOpen(null);
    setQuery(typed.trim());
  }

  return (
    <section aria-labelledby="desk-customers">
      <h2 id="desk-customers" className="text-2xl font-bold">
        Customers
      </h2>
      <form role="search" onSubmit={search} className="mt-4 grid gap-3 rounded-2xl bg-slate-50 p-4">
        <label className="field-label">
          Find a customer (name, e-mail, phone or ZIP)
          <input
            type="search"
            className="field-input"
            maxLength={200}
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
          />
        </label>
        <button type="submit" className="btn-primary">
          Search
        </button>
      </form>
      {query !== null && <Results query={query} open={open} onOpen={setOpen} />}
      {open && <CustomerRecord key={open} id={open} />}
    </section>
  );
}

function Results({ query, open, onOpen }: { query: string; open: string | null; onOpen: (id: string) => void }) {
  const read = useOwnerGet<OwnerCustomersAnswer>(`/api/owner/customers?q=${encodeURIComponent(query)}`);
  const customers = read.data?.customers ?? [];
  return (
    <>
      <ReadState read={read} empty={read.data && customers.length === 0 ? 'No customer matches.' : null} />
      <ul className="mt-4 grid gap-2" aria-label="Customers found">
        {customers.map((customer) => (
          <li key={customer.id}>
            <button
              type="button"
              className="btn-outline w-full text-left"
              aria-pressed={open === customer.id}
              onClick={() => onOpen(customer.id)}
            >
              {customer.name || customer.email}
              <span className="block text-sm font-normal">
                {[customer.phone, customer.zip, planText(customer.plan)].filter(Boolean).join(' · ')}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </>
  );
}
