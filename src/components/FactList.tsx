/** Labelled facts in a bordered list ('Service: …', 'Address: …'), the empty ones left out: /visit's and /pay's summary. */
export default function FactList({ facts }: { facts: readonly (readonly [label: string, value: string])[] }) {
  return (
    <dl className="grid gap-2 rounded-lg border border-slate-200 bg-white p-4">
      {facts
        .filter(([, value]) => value)
        .map(([label, value]) => (
          <div key={label} className="flex flex-wrap gap-x-2">
            <dt className="font-semibold">{label}:</dt>
            <dd>{value}</dd>
          </div>
        ))}
    </dl>
  );
}
