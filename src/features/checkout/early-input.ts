/**
 * What a visitor chose or typed in a booking card's server-rendered form before its island ran
 * (docs/product.md#after-paint-loading), kept apart in this one module so it can give way to a
 * shared mechanism for every island. The island's module calls `snapshotEarlyInput` when it is
 * evaluated, which is before the hydration directive puts the fields back as rendered; the
 * island takes its form's values once it has mounted.
 */

const early = new Map<string, Record<string, string>>();

type Field = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

/** Records, per booking form (`data-service`), each field whose value or choice differs from the rendered one. */
export function snapshotEarlyInput(doc: Document): void {
  for (const form of doc.querySelectorAll<HTMLFormElement>('form[data-booking-card]')) {
    const values: Record<string, string> = {};
    for (const field of form.querySelectorAll<Field>('input[name], select[name], textarea[name]')) {
      if (field instanceof HTMLInputElement && (field.type === 'radio' || field.type === 'checkbox')) {
        if (field.checked && !field.defaultChecked) values[field.name] = field.value;
      } else if (field instanceof HTMLSelectElement) {
        const rendered = [...field.options].find((o) => o.defaultSelected)?.value ?? field.options[0]?.value ?? '';
        if (field.value !== rendered) values[field.name] = field.value;
      } else if (field.value !== field.defaultValue) {
        values[field.name] = field.value;
      }
    }
    if (Object.keys(values).length > 0) early.set(form.dataset['service'] ?? '', values);
  }
}

/** The early values of a service's form, once (then forgotten). */
export function takeEarlyInput(serviceType: string): Record<string, string> {
  const values = early.get(serviceType) ?? {};
  early.delete(serviceType);
  return values;
}
