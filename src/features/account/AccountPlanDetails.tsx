/**
 * The account screen's Visit details (docs/product/plans.md#plan-visit-details): who we see, where and
 * when, for the customer's plan, from the plan request it was bought with; 'Edit' changes them,
 * checked field by field with the shared schema before and after sending.
 */
import { useState, type FormEvent } from 'react';
import { callApi } from '@/features/auth/api';
import PlanDetailsFields, { type DetailName } from '@/features/plans/PlanDetailsFields';
import {
  EMPTY_PLAN_DETAILS,
  preferredDayLabel,
  planDetailsErrors,
  type PlanDetails,
  type PlanDetailsAnswer,
  type PlanDetailsInput,
} from '@/features/plans/plan-request';
import { ApiError } from '@/lib/api';
import AccountSection, { ACCOUNT_LINK } from './AccountSection';

type Errors = Partial<Record<keyof PlanDetails, string>>;

interface Props {
  details: PlanDetails | null;
  /** Whether texts are on: the form then shows the consent box under the phone (docs/product/texts.md#consent). */
  texts: boolean;
  /** Called with the details as stored after a successful change. */
  onSaved: (details: PlanDetails) => void;
}

/** The details as stored, in a list. */
function DetailsList({ details }: { details: PlanDetails }) {
  return (
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
      <dd>{preferredDayLabel(details.preferredDay)}</dd>
      {details.specialInstructions && (
        <>
          <dt className="text-ink-muted">Instructions</dt>
          <dd className="whitespace-pre-line">{details.specialInstructions}</dd>
        </>
      )}
    </dl>
  );
}

export default function AccountPlanDetails({ details, texts, onSaved }: Props) {
  const [editing, setEditing] = useState(false);
  const [fields, setFields] = useState<PlanDetailsInput>(details ?? EMPTY_PLAN_DETAILS);
  const [errors, setErrors] = useState<Errors>({});
  const [state, setState] = useState<'idle' | 'saving' | 'saved' | 'failed'>('idle');

  function edit(name: DetailName, value: string) {
    setFields((current) => ({ ...current, [name]: value }));
    if (name !== 'email' && errors[name]) setErrors((current) => ({ ...current, [name]: undefined }));
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
      const answer = await callApi<PlanDetailsAnswer>('/api/plan-details', {
        method: 'PUT',
        // Consent only as shown: a box never shown (texts off) is never ticked.
        body: { ...fields, textConsent: texts && fields.textConsent === true },
        fallback: 'Your visit details could not be saved.',
      });
      onSaved(answer.planDetails);
      setFields(answer.planDetails);
      setEditing(false);
      setState('saved');
    } catch (error) {
      console.error('Visit details not saved:', error);
      if (error instanceof ApiError) setErrors(error.fields);
      setState('failed');
    }
  }

  return (
    <AccountSection id="account-visit" title="Visit details">
      {!editing && details && <DetailsList details={details} />}
      {!editing && !details && (
        <p className="mt-4 text-ink-muted">No visit details yet: tell us where and when to visit for your plan.</p>
      )}
      {!editing && (
        <button
          type="button"
          className={ACCOUNT_LINK}
          onClick={() => {
            setFields(details ?? EMPTY_PLAN_DETAILS);
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
          <PlanDetailsFields
            values={fields}
            errors={errors}
            onEdit={edit}
            withEmail={false}
            columns={1}
            textConsent={
              texts
                ? {
                    checked: fields.textConsent === true,
                    onChange: (checked) => setFields((current) => ({ ...current, textConsent: checked })),
                  }
                : undefined
            }
          />
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
