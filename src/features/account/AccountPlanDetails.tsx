/**
 * The account screen's Visit details (docs/product.md#plan-visit-details): who we see, where and
 * when, for the customer's plan, from the plan request it was bought with; 'Edit' changes them,
 * checked field by field with the shared schema before and after sending.
 */
import { useId, useState, type FormEvent } from 'react';
import {
  PREFERRED_DAYS,
  planDetailsErrors,
  type PlanDetails,
  type PlanDetailsInput,
} from '@/features/plans/plan-request';
import { TEXT_FIELDS } from '@/features/plans/signup';
import { $auth } from '../auth/store';
import AccountSection, { ACCOUNT_LINK } from './AccountSection';

type Errors = Partial<Record<keyof PlanDetails, string>>;

interface Props {
  details: PlanDetails | null;
  /** Called with the details as stored after a successful change. */
  onSaved: (details: PlanDetails) => void;
}

const EMPTY: PlanDetailsInput = {
  fullName: '',
  phone: '',
  address: '',
  city: '',
  state: 'MO',
  zip: '',
  preferredDay: '',
  specialInstructions: '',
};

type TextField = (typeof TEXT_FIELDS)[number];

/** The form's text fields: the sign-up's, but the e-mail (the account's own). */
const FIELDS = TEXT_FIELDS.filter(
  (field): field is TextField & { name: Exclude<TextField['name'], 'email'> } => field.name !== 'email',
);

const DAY_LABELS: Record<string, string> = Object.fromEntries([
  ['', 'No preference'],
  ...PREFERRED_DAYS.map((d) => [d.value, d.label]),
]);

async function saveDetails(
  details: PlanDetailsInput,
): Promise<{ details?: PlanDetails; errors?: Errors; error?: string }> {
  const token = $auth.get().session?.access_token ?? '';
  const res = await fetch('/api/plan-details', {
    method: 'PUT',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(details),
  });
  const body = (await res.json()) as { planDetails?: PlanDetails; error?: string; fields?: Errors };
  if (res.ok && body.planDetails) return { details: body.planDetails };
  return { errors: body.fields ?? {}, error: body.error ?? `HTTP ${res.status}` };
}

export default function AccountPlanDetails({ details, onSaved }: Props) {
  const id = useId();
  const [editing, setEditing] = useState(false);
  const [fields, setFields] = useState<PlanDetailsInput>(details ?? EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const [state, setState] = useState<'idle' | 'saving' | 'saved' | 'failed'>('idle');

  function edit(name: keyof PlanDetails, value: string) {
    setFields((current) => ({ ...current, [name]: value }));
    if (errors[name]) setErrors((current) => ({ ...current, [name]: undefined }));
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const found = planDetailsErrors(fields);
    setErrors(found);
    const first = Object.keys(found)[0];
    if (first) {
      form.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    setState('saving');
    try {
      const answer = await saveDetails(fields);
      if (answer.details) {
        onSaved(answer.details);
        setFields(answer.details);
        setEditing(false);
        setState('saved');
        return;
      }
      setErrors(answer.errors ?? {});
      setState('failed');
    } catch (error) {
      console.error('Visit details not saved:', error);
      setState('failed');
    }
  }

  const fieldId = (name: string) => `${id}-${name}`;
  const message = (name: keyof PlanDetails) =>
    errors[name] && (
      <p id={`${fieldId(name)}-error`} className="mt-1 text-sm font-semibold text-red-700">
        {errors[name]}
      </p>
    );
  const invalid = (name: keyof PlanDetails) =>
    errors[name] ? { 'aria-invalid': true as const, 'aria-describedby': `${fieldId(name)}-error` } : {};

  return (
    <AccountSection id="account-visit" title="Visit details">
      {!editing && details && (
        <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
          <dt className="text-ink-muted">Name</dt>
          <dd>{details.fullName}</dd>
          <dt className="text-ink-muted">Phone</dt>
          <dd>{details.phone}</dd>
          <dt className="text-ink-muted">Address</dt>
          <dd>
            {details.address}, {details.city}, {details.state} {details.zip}
          </dd>
          <dt className="text-ink-muted">Preferred time</dt>
          <dd>{DAY_LABELS[details.preferredDay] ?? 'No preference'}</dd>
          {details.specialInstructions && (
            <>
              <dt className="text-ink-muted">Instructions</dt>
              <dd className="whitespace-pre-line">{details.specialInstructions}</dd>
            </>
          )}
        </dl>
      )}
      {!editing && !details && (
        <p className="mt-4 text-ink-muted">No visit details yet: tell us where and when to visit for your plan.</p>
      )}
      {!editing && (
        <button
          type="button"
          className={ACCOUNT_LINK}
          onClick={() => {
            setFields(details ?? EMPTY);
            setErrors({});
            setState('idle');
            setEditing(true);
          }}
        >
          {details ? 'Edit visit details' : 'Add visit details'}
        </button>
      )}
      {editing && (
        <form noValidate onSubmit={(event) => void submit(event)} className="mt-4 grid gap-4">
          {FIELDS.map((f) => (
            <div key={f.name}>
              <label htmlFor={fieldId(f.name)} className="field-label">
                {f.label}
              </label>
              <input
                id={fieldId(f.name)}
                name={f.name}
                type={f.type}
                autoComplete={f.autoComplete}
                required
                value={String(fields[f.name] ?? '')}
                onChange={(e) => edit(f.name, e.target.value)}
                className="field-input aria-invalid:border-red-700"
                {...invalid(f.name)}
              />
              {message(f.name)}
            </div>
          ))}
          <div>
            <label htmlFor={fieldId('preferredDay')} className="field-label">
              Preferred visit time <span className="font-normal text-ink-muted">(optional)</span>
            </label>
            <select
              id={fieldId('preferredDay')}
              name="preferredDay"
              value={fields.preferredDay ?? ''}
              onChange={(e) => edit('preferredDay', e.target.value)}
              className="field-input"
              {...invalid('preferredDay')}
            >
              <option value="">No preference</option>
              {PREFERRED_DAYS.map((d) => (
                <option key={d.value} value={d.value}>
                  {d.label}
                </option>
              ))}
            </select>
            {message('preferredDay')}
          </div>
          <div>
            <label htmlFor={fieldId('specialInstructions')} className="field-label">
              Special instructions <span className="font-normal text-ink-muted">(optional)</span>
            </label>
            <textarea
              id={fieldId('specialInstructions')}
              name="specialInstructions"
              rows={3}
              value={fields.specialInstructions ?? ''}
              onChange={(e) => edit('specialInstructions', e.target.value)}
              className="field-input"
              {...invalid('specialInstructions')}
            />
            {message('specialInstructions')}
          </div>
          <div className="flex flex-wrap gap-3">
            <button type="submit" className="btn-primary" disabled={state === 'saving'} aria-busy={state === 'saving'}>
              {state === 'saving' ? 'Saving...' : 'Save visit details'}
            </button>
            <button type="button" className="btn-outline" onClick={() => setEditing(false)}>
              Cancel
            </button>
          </div>
        </form>
      )}
      <p role="status" className="mt-2 font-semibold empty:hidden">
        {state === 'saved' ? 'Visit details saved. We will use them for your next visit.' : ''}
      </p>
      <p role="alert" className="mt-2 font-semibold text-red-700 empty:hidden">
        {state === 'failed' ? 'Your visit details could not be saved. Check the fields above and try again.' : ''}
      </p>
    </AccountSection>
  );
}
