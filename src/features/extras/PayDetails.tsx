/**
 * The pay request as /pay shows it (docs/product/extras.md#the-pay-link): the visit (service, day,
 * address, order number), each line with its quantity, price and amount, the note and the total;
 * once paid, the tip and the total paid too.
 */
import FactList from '@/components/FactList';
import { formatDay } from '@/lib/dates';
import { formatCents } from '@/lib/format';
import type { PayAnswer } from './extras';

interface Props {
  answer: PayAnswer;
  /** Paid: the tip and the total paid under the extras' total. */
  paid: boolean;
}

export default function PayDetails({ answer, paid }: Props) {
  const { payRequest, visit } = answer;
  const facts: [string, string][] = [
    ['Service', visit.service],
    ['Visit day', visit.date ? formatDay(visit.date) : ''],
    ['Address', visit.address],
    ['Order number', payRequest.orderNumber],
  ];
  const cell = 'px-2 py-2 text-right tabular-nums';
  return (
    <>
      <FactList facts={facts} />
      <section className="grid gap-3" aria-labelledby="pay-lines-heading">
        <h2 id="pay-lines-heading" className="text-2xl font-bold">
          What your visit used
        </h2>
        <table className="w-full border-collapse rounded-lg bg-white text-left">
          <thead>
            <tr className="border-b border-slate-300 text-sm">
              <th scope="col" className="px-2 py-2 text-right">
                Qty
              </th>
              <th scope="col" className="px-2 py-2">
                Item
              </th>
              <th scope="col" className="px-2 py-2 text-right">
                Price
              </th>
              <th scope="col" className="px-2 py-2 text-right">
                Amount
              </th>
            </tr>
          </thead>
          <tbody>
            {payRequest.items.map((item, index) => (
              <tr key={`${item.id}-${String(index)}`} className="border-b border-slate-200 align-top">
                <td className={cell}>{item.qty}</td>
                <td className="px-2 py-2 break-words">{item.name}</td>
                <td className={cell}>{formatCents(item.unitCents)}</td>
                <td className={cell}>{formatCents(item.amountCents)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot className="font-semibold">
            <tr>
              <th scope="row" colSpan={3} className="px-2 py-2 text-right">
                {paid ? 'Extras' : 'Total'}
              </th>
              <td className={cell}>{formatCents(payRequest.amountCents)}</td>
            </tr>
            {paid && (
              <>
                <tr>
                  <th scope="row" colSpan={3} className="px-2 py-2 text-right">
                    Tip
                  </th>
                  <td className={cell}>{formatCents(payRequest.tipCents)}</td>
                </tr>
                <tr>
                  <th scope="row" colSpan={3} className="px-2 py-2 text-right">
                    Total paid
                  </th>
                  <td className={cell}>{formatCents(payRequest.amountCents + payRequest.tipCents)}</td>
                </tr>
              </>
            )}
          </tfoot>
        </table>
        {payRequest.note && (
          <p className="rounded-lg bg-slate-50 p-3">
            <span className="font-semibold">Note:</span> {payRequest.note}
          </p>
        )}
      </section>
    </>
  );
}
