/**
 * A bank statement drawn as an SVG and rasterised by sharp: a white page, the bank's name, the
 * account line, and a table of transactions with running balances. `changeBalance` rewrites
 * one printed balance, as a forger pasting digits into a picture would.
 */
import sharp from 'sharp';

export interface StatementRow {
  date: string;
  description: string;
  out: string;
  in: string;
  balance: string;
}

export const STATEMENT_ROWS: readonly StatementRow[] = [
  { date: '01/03/2024', description: 'Opening balance', out: '', in: '', balance: '1,250.00' },
  { date: '03/03/2024', description: 'Tesco Stores', out: '45.20', in: '', balance: '1,204.80' },
  { date: '05/03/2024', description: 'Salary ACME Ltd', out: '', in: '2,100.00', balance: '3,304.80' },
  { date: '09/03/2024', description: 'Rent payment', out: '950.00', in: '', balance: '2,354.80' },
  { date: '12/03/2024', description: 'Amazon UK', out: '23.99', in: '', balance: '2,330.81' },
  { date: '15/03/2024', description: 'Card payment Boots', out: '12.50', in: '', balance: '2,318.31' },
];

const WIDTH = 1240;
const HEIGHT = 760;

function escape(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
}

export function statementSvg(rows: readonly StatementRow[] = STATEMENT_ROWS): string {
  const cell = (x: number, y: number, t: string, end = false) => (t ? `<text x="${x}" y="${y}"${end ? ' text-anchor="end"' : ''}>${escape(t)}</text>` : '');
  const body = rows
    .map((r, i) => {
      const y = 300 + i * 44;
      return cell(60, y, r.date) + cell(260, y, r.description) + cell(840, y, r.out, true) + cell(1020, y, r.in, true) + cell(1180, y, r.balance, true);
    })
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">
<rect width="100%" height="100%" fill="#ffffff"/>
<g font-family="DejaVu Sans" font-size="22" fill="#111111">
<text x="60" y="90" font-size="36" font-weight="bold">Northbank plc</text>
<text x="60" y="135">Statement of account</text>
<text x="60" y="170">Mr John Smith</text>
<text x="60" y="205">Account number 12345678</text><text x="520" y="205">Sort code 20-45-77</text><text x="860" y="205">Currency GBP</text>
<g font-weight="bold">${cell(60, 255, 'Date')}${cell(260, 255, 'Description')}${cell(840, 255, 'Paid out', true)}${cell(1020, 255, 'Paid in', true)}${cell(1180, 255, 'Balance', true)}</g>
${body}
</g></svg>`;
}

export async function statementImage(rows: readonly StatementRow[] = STATEMENT_ROWS, format: 'png' | 'jpeg' = 'png'): Promise<Uint8Array> {
  const img = sharp(Buffer.from(statementSvg(rows)));
  const out = format === 'png' ? await img.png().toBuffer() : await img.jpeg({ quality: 90 }).toBuffer();
  return new Uint8Array(out);
}

/** The same statement with one row's printed balance replaced. */
export function changeBalance(row: number, balance: string): StatementRow[] {
  return STATEMENT_ROWS.map((r, i) => (i === row ? { ...r, balance } : r));
}
