/**
 * The five-year costs year by year, DIY beside professional, with the totals: in the cost
 * calculator (captioned) and, rendered once at build time, in the printable guide.
 */
import { YEAR_NUMBERS, type OutputKey } from './diy-pro-cost-text';

interface Props {
  /** The calculator's texts (diy-pro-cost-text.ts). */
  texts: Record<OutputKey, string>;
  /** Set for the printed guide: ruled rows on white paper, no caption. */
  printed?: boolean;
}

const PRINTED = {
  table: 'mt-4 w-full max-w-xl border-collapse text-left',
  head: 'border-b-2 border-ink',
  row: 'border-b border-slate-300',
  th: 'py-2',
  cell: 'py-2 text-right tabular-nums',
  number: 'py-2 text-right',
};
const ON_SCREEN = {
  table: 'bg-white wrap-normal [&_td]:px-2! [&_th]:px-2! sm:[&_td]:px-3! sm:[&_th]:px-3!',
  head: undefined,
  row: undefined,
  th: undefined,
  cell: 'text-right whitespace-nowrap tabular-nums',
  number: 'text-right whitespace-nowrap',
};

export default function CostByYear({ texts, printed = false }: Props) {
  const look = printed ? PRINTED : ON_SCREEN;
  return (
    <table className={look.table}>
      {!printed && <caption className="mb-2 text-left font-semibold">Cost by year</caption>}
      <thead>
        <tr className={look.head}>
          <th scope="col" className={look.th}>
            Year
          </th>
          <th scope="col" className={look.number}>
            DIY
          </th>
          <th scope="col" className={look.number}>
            Professional
          </th>
        </tr>
      </thead>
      <tbody>
        {YEAR_NUMBERS.map((year) => (
          <tr key={year} className={look.row}>
            <th scope="row" className={`${look.th ?? ''} font-normal`}>
              Year {year}
            </th>
            <td className={look.cell}>{texts[`diy-year-${year}`]}</td>
            <td className={look.cell}>{texts[`pro-year-${year}`]}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr className="font-bold">
          <th scope="row" className={look.th}>
            <span className="whitespace-nowrap">5-year</span> total
          </th>
          <td className={look.cell}>{texts['diy-total']}</td>
          <td className={look.cell}>{texts['pro-total']}</td>
        </tr>
      </tfoot>
    </table>
  );
}
