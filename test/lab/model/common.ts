/** Helpers shared by the document models. */
import { addDays, daysInMonth, formatDate, iso, toDate, type Ymd } from '../data/dates.js';
import type { Issuer } from '../data/issuers.js';
import { addressLine, person, personName, address, type Person } from '../data/people.js';
import type { TruthFields } from '../labels.js';
import type { Rng } from '../util/prng.js';
import { A4, LETTER, type DocModel, type EditTarget } from './types.js';

/** Documents are dated between Jan 2023 and May 2025: in the past for any sensible clock. */
export function pickMonth(rng: Rng): { y: number; m: number } {
  const index = rng.int(0, 28);
  return { y: 2023 + Math.floor(index / 12), m: (index % 12) + 1 };
}

export function lastDay(y: number, m: number): Ymd {
  return { y, m, d: daysInMonth(y, m) };
}

export function pageSizeFor(issuer: Issuer): { width: number; height: number } {
  return issuer.country === 'US' ? LETTER : A4;
}

/** Issuing systems render shortly after the document date, during the night batch. */
export function renderTime(rng: Rng, date: Ymd): Date {
  const day = addDays(date, rng.int(0, 2));
  return toDate(day, rng.int(0, 5), rng.int(0, 59));
}

export function newRecipient(rng: Rng, issuer: Issuer): Person {
  return person(rng, issuer.country);
}

export function baseFields(model: Pick<DocModel, 'docType' | 'issuer' | 'documentDate'>, recipient: Person | null, accountNumber: string | null): TruthFields {
  return {
    doc_type: model.docType,
    issuer: model.issuer.name,
    name: recipient?.name ?? null,
    address: recipient ? addressLine(recipient.addressLines) : null,
    document_date: iso(model.documentDate),
    account_number: accountNumber,
    currency: model.issuer.currency,
  };
}

/** The edits every document with a recipient and a printed date supports. */
export function identityEdits(rng: Rng, issuer: Issuer, recipient: Person, date: Ymd, dateKey: string): EditTarget[] {
  let newName = personName(rng);
  while (newName === recipient.name) newName = personName(rng);
  const newAddress = address(rng, issuer.country);
  // Forgers move an old document into the accepted window: the year moves, the rest stays.
  const newDate = { ...date, y: date.y + 1 };
  return [
    {
      target: 'name',
      key: 'recipient.name',
      before: recipient.name,
      after: newName,
      breaksArithmetic: false,
      contradicts: false,
      fieldsAfter: { name: newName },
    },
    {
      target: 'address',
      key: 'recipient.address.0',
      before: recipient.addressLines[0],
      after: newAddress[0],
      breaksArithmetic: false,
      contradicts: false,
      fieldsAfter: { address: addressLine([newAddress[0], ...recipient.addressLines.slice(1)]) },
    },
    {
      target: 'date',
      key: dateKey,
      before: formatDate(date, issuer.country),
      after: formatDate(newDate, issuer.country),
      breaksArithmetic: false,
      contradicts: true,
      fieldsAfter: { document_date: iso(newDate) },
    },
  ];
}
