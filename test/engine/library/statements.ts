/** Bank statements of one invented issuer drawn with pdfkit, for the library tests: one template, any holder and rows. */
import PDFDocument from 'pdfkit';

export interface StatementSpec {
  name: string;
  address: [string, string];
  account: string;
  /** Seed of the transaction rows: two seeds give two different people's months. */
  rowsSeed: number;
  /** Replaces the amount of row `index` (a forger's edit). */
  editAmount?: { index: number; amount: number };
  producer?: string;
  font?: 'Helvetica' | 'Times-Roman';
}

const SHOPS = [
  'CARD PAYMENT TESCO',
  'SALARY MERIDIAN LTD',
  'DIRECT DEBIT COUNCIL TAX',
  'CARD PAYMENT SHELL',
  'TRANSFER TO SAVINGS',
  'CARD PAYMENT AMAZON',
  'ATM WITHDRAWAL',
  'DIRECT DEBIT MOBILE PLAN',
  'CONTACTLESS CAFE',
  'ONLINE PAYMENT GYM',
];

/** Park-Miller: the rows are a pure function of the seed. */
function rng(seed: number): () => number {
  let s = seed % 2147483647 || 1;
  return () => (s = (s * 16807) % 2147483647) / 2147483647;
}

const fmt = (v: number) => v.toLocaleString('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

export function statementRows(seed: number): Array<{ date: string; desc: string; amount: number }> {
  const r = rng(seed);
  return Array.from({ length: 14 }, (_, i) => ({
    date: `${String(1 + i * 2).padStart(2, '0')} Mar 2025`,
    desc: SHOPS[Math.floor(r() * SHOPS.length)],
    amount: Math.round(r() * 40000) / 100 + 1,
  }));
}

export async function statementPdf(spec: StatementSpec): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 40,
    info: { Producer: spec.producer ?? 'Core Banking Print 4.2', CreationDate: new Date('2025-04-01T08:00:00Z') },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((resolve) => doc.on('end', () => resolve()));
  const font = spec.font ?? 'Helvetica';
  doc.font(font).fontSize(16).text('Northgate Bank plc', 40, 40);
  doc.fontSize(9).text('Statement date: 31 March 2025', 380, 44);
  doc.text(spec.name, 40, 100).text(spec.address[0], 40, 112).text(spec.address[1], 40, 124);
  doc.text('Sort code: 20-45-77', 380, 100).text(`Account number: ${spec.account}`, 380, 112);
  doc.text('Your current account statement', 40, 160);
  doc.text('Date', 40, 190).text('Description', 130, 190).text('Amount', 380, 190).text('Balance', 460, 190);
  let balance = 1500;
  let y = 206;
  statementRows(spec.rowsSeed).forEach((row, i) => {
    const amount = spec.editAmount?.index === i ? spec.editAmount.amount : row.amount;
    balance -= amount;
    doc.text(row.date, 40, y).text(row.desc, 130, y).text(fmt(amount), 380, y).text(fmt(balance), 460, y);
    y += 14;
  });
  doc.text('Northgate Bank plc is authorised by the Prudential Regulation Authority.', 40, 760);
  doc.text('Please check this statement and tell us about any entry you do not recognise.', 40, 772);
  doc.end();
  await done;
  return Buffer.concat(chunks);
}
